import { writerDocumentsPage, type WriterDocumentsPage } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { queryOptions, useQuery } from '../../../lib/query';

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

export function useDocuments(account: string | null) {
  return useQuery(documentsQueryOptions(account));
}
