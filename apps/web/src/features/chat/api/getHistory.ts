import type { ChatMessage } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

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
