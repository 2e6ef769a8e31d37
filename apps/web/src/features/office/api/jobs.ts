import {
  officeJobStarted,
  type OfficeConversionRequest,
  type OfficeGenerationInput,
  type OfficeJob,
  type OfficeTranslationRequest,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { documentPath } from './documents';

/*
 * Every office job starts with a POST answering 202 { job }: the upload's read, a conversion, a
 * translation, a generation. Refusals before the job (400, 413, 429 with the quota body) reject
 * with the server's words as HttpFailure.
 */

async function started(path: string, body: unknown, options: UploadOptions = {}) {
  const { data } = await cookieClient.post<unknown>(path, body, {
    signal: options.signal,
    onUploadProgress: options.onProgress,
    headers: visitorHeaders(),
  });
  return officeJobStarted.parse(data).job;
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** 0–1 as the file's bytes leave. */
  onProgress?: (fraction: number) => void;
}

/** POST /api/office/documents (multipart field `file`): the `office.read` job. */
export function uploadOfficeDocument(file: File, options: UploadOptions = {}): Promise<OfficeJob> {
  const form = new FormData();
  form.append('file', file);
  return started('/api/office/documents', form, options);
}

/** POST /api/office/documents/{id}/conversions: the `office.convert` job. */
export function startOfficeConversion(id: string, request: OfficeConversionRequest) {
  return started(`${documentPath(id)}/conversions`, request);
}

/** POST /api/office/documents/{id}/translations: the `office.translate` job. */
export function startOfficeTranslation(id: string, request: OfficeTranslationRequest) {
  return started(`${documentPath(id)}/translations`, request);
}

/** POST /api/office/generations: the `office.generate` job. */
export function startOfficeGeneration(request: OfficeGenerationInput) {
  return started('/api/office/generations', request);
}
