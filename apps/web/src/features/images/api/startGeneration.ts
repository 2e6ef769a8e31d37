import { imageJob, type ImageJob } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import type { GenerationCall } from '../form/imageForm';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * POST /api/images/generations: JSON, or multipart/form-data when there are files (the request
 * in the field `request`, then `source`, `mask` and each `reference`). Answers 202 with the job
 * to follow; refusals reject with the server's words (400, 403, 413, 415, 429).
 */
export async function startGeneration(
  { request, files }: GenerationCall,
  signal?: AbortSignal,
): Promise<ImageJob> {
  const hasFiles = Boolean(files.source || files.mask || files.references.length > 0);
  let body: unknown = request;
  if (hasFiles) {
    const form = new FormData();
    form.append('request', JSON.stringify(request));
    if (files.source) form.append('source', files.source, fileName(files.source, 'source'));
    if (files.mask) form.append('mask', files.mask, 'mask.png');
    files.references.forEach((reference, index) =>
      form.append('reference', reference, fileName(reference, `reference-${index + 1}`)),
    );
    body = form;
  }
  const { data } = await cookieClient.post<unknown>('/api/images/generations', body, {
    signal,
    headers: visitorHeaders(),
  });
  return imageJob.parse(data);
}

function fileName(blob: Blob, fallback: string): string {
  if (blob instanceof File && blob.name) return blob.name;
  const extension = blob.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  return `${fallback}.${extension}`;
}
