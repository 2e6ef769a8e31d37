import type { ChatMessage } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
// Not lib/query's index, which would bring all of it into a visitor's first load of / (index.ts).
import { queryOptions } from '../../../lib/query/queryCache';

/** How many of the latest messages a reopened conversation shows. */
export const HISTORY_PAGE_SIZE = 100;

export interface ChatHistory {
  /** The latest messages, oldest first. */
  messages: ChatMessage[];
  /** The reply being written in the conversation now, to follow; null when none is. */
  liveReplyId: string | null;
}

/** §7 GET /api/chat/history/{id}: the conversation's latest messages, and its reply being written. */
export async function getHistory(id: string, signal?: AbortSignal): Promise<ChatHistory> {
  const { data } = await cookieClient.get<unknown>(`/api/chat/history/${encodeURIComponent(id)}`, {
    params: { page: 1, pageSize: HISTORY_PAGE_SIZE },
    signal,
  });
  const { historyResponse } = await import('./schemas');
  const { items, liveReplyId } = historyResponse.parse(data);
  return { messages: items, liveReplyId };
}

/** The history of the conversation a chat opened; null (a new one, a visitor's) asks nothing. */
export const historyQueryOptions = (id: string | null, load: typeof getHistory = getHistory) =>
  queryOptions({
    queryKey: ['chat-history', id],
    queryFn: (signal) => load(id ?? '', signal),
    enabled: id !== null,
  });
