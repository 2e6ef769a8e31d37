import { cookieClient } from '../../clients';

/**
 * DELETE /api/writer/documents/{id}: the document and every version of it. Here, beneath the
 * features, since the content writer and the library both delete documents.
 */
export async function deleteDocument(id: string): Promise<void> {
  await cookieClient.delete(`/api/writer/documents/${encodeURIComponent(id)}`);
}
