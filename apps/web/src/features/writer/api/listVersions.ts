import { writerVersionsResponse, type WriterVersion } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { documentPath } from './getDocument';

/** GET /api/writer/documents/{id}/versions: every version of the document, newest first. */
export async function listVersions(
  documentId: string,
  signal?: AbortSignal,
): Promise<WriterVersion[]> {
  const { data } = await cookieClient.get<unknown>(`${documentPath(documentId)}/versions`, {
    signal,
  });
  return writerVersionsResponse.parse(data).versions;
}
