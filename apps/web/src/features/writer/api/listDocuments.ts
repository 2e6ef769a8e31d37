import { writerDocumentsPage, type WriterDocumentsPage } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { queryOptions, usePagedQuery } from '../../../lib/query';

/** Every list of a user's documents: what a generation, an edit or a deletion invalidates. */
export const documentsQueryKey = ['writer', 'documents'] as const;

/** GET /api/writer/documents?cursor=: a page of the signed-in user's documents, newest first. */
export async function listDocuments(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<WriterDocumentsPage> {
  const { data } = await cookieClient.get<unknown>('/api/writer/documents', {
    params: cursor ? { cursor } : undefined,
    signal,
  });
  return writerDocumentsPage.parse(data);
}

/** The first page (a visitor has none on the server: their documents are in this browser). */
export const documentsQueryOptions = (account: string | null) =>
  queryOptions({
    queryKey: [...documentsQueryKey, account],
    queryFn: (signal) => listDocuments(null, signal),
    enabled: account !== null,
  });

type ListedDocument = WriterDocumentsPage['documents'][number];

/** The user's documents a page at a time ("Show more" reads the next). */
export function useDocumentPages(account: string | null) {
  return usePagedQuery({
    query: documentsQueryOptions(account),
    items: (pages: WriterDocumentsPage) => pages.documents,
    idOf: (document: ListedDocument) => document.id,
    withItems: (pages, documents) => ({ ...pages, documents }),
    nextOf: (pages) => pages.nextCursor,
    fetchPage: (cursor: string) => listDocuments(cursor),
    itemsOfPage: (next: WriterDocumentsPage) => next.documents,
    append: (pages, next, fresh) => ({
      documents: [...pages.documents, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });
}
