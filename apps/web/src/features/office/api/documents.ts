import {
  officeDocumentContent,
  officeDocumentsPage,
  type OfficeDocument,
  type OfficeDocumentContent,
  type OfficeDocumentsPage,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/** Every document list and view: what a new document or a deletion invalidates. */
export const officeDocumentsKey = ['office', 'documents'] as const;

const documentPath = (id: string) => `/api/office/documents/${encodeURIComponent(id)}`;

/** GET /api/office/documents?cursor=…: a page of the caller's documents, newest first. */
export async function listOfficeDocuments(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OfficeDocumentsPage> {
  const { data } = await cookieClient.get<unknown>('/api/office/documents', {
    params: cursor ? { cursor } : undefined,
    signal,
    headers: visitorHeaders(),
  });
  return officeDocumentsPage.parse(data);
}

/** GET /api/office/documents/{id}/content: the document with its parts, for the viewer. */
export async function getOfficeDocumentContent(
  id: string,
  signal?: AbortSignal,
): Promise<OfficeDocumentContent> {
  const { data } = await cookieClient.get<unknown>(`${documentPath(id)}/content`, {
    signal,
    headers: visitorHeaders(),
  });
  return officeDocumentContent.parse(data);
}

/** DELETE /api/office/documents/{id}: the document and its file, for good. */
export async function deleteOfficeDocument(document: Pick<OfficeDocument, 'id'>): Promise<void> {
  await cookieClient.delete(documentPath(document.id), { headers: visitorHeaders() });
}

export { documentPath };
