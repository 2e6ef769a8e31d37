import type { ChatMessage } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
// Not lib/query's index, which would bring all of it into a visitor's first load of / (index.ts).
import { queryOptions } from '../../../lib/query/queryCache';

/** How many of the latest messages a reopened conversation shows. */
export const HISTORY_PAGE_SIZE = 100;

/** §7 GET /api/chat/history/{id}: the conversation's latest messages, oldest first. */
export async function getHistory(id: string, signal?: AbortSignal): Promise<ChatMessage[]> {
  const { data } = await cookieClient.get<unknown>(`/api/chat/history/${encodeURIComponent(id)}`, {
    params: { page: 1, pageSize: HISTORY_PAGE_SIZE },
    signal,
  });
  const { historyResponse } = await import('./schemas');
  return historyResponse.parse(data).items;
}

/** The history of the conversation a chat opened; null (a new one, a visitor's) asks nothing. */
export const historyQueryOptions = (id: string | null, load: typeof getHistory = getHistory) =>
  queryOptions({
    queryKey: ['chat-history', id],
    queryFn: (signal) => load(id ?? '', signal),
    enabled: id !== null,
  });
