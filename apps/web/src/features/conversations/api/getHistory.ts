import { historyResponse, type HistoryResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** §8 fallback when neither the exception nor the server says more. */
export const HISTORY_FAILED = 'Failed to load conversation history';

/** GET /api/chat/history/{id}?page&pageSize: page 1 is the newest; items oldest first. */
export async function getHistory(
  id: string,
  { page = 1, pageSize = 50 }: { page?: number; pageSize?: number } = {},
  signal?: AbortSignal,
): Promise<HistoryResponse> {
  const { data } = await cookieClient.get<unknown>(`/api/chat/history/${encodeURIComponent(id)}`, {
    params: { page, pageSize },
    signal,
  });
  return historyResponse.parse(data);
}
