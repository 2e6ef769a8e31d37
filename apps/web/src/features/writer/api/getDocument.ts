import { writerDocument, type WriterDocument } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

export const documentPath = (id: string) => `/api/writer/documents/${encodeURIComponent(id)}`;

/** GET /api/writer/documents/{id}: one of the user's documents with its latest content. */
export async function getDocument(id: string, signal?: AbortSignal): Promise<WriterDocument> {
  const { data } = await cookieClient.get<unknown>(documentPath(id), { signal });
  return writerDocument.parse(data);
}
