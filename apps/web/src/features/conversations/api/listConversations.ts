import { conversationsResponse, type ConversationsResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

export interface ListConversationsParams {
  page: number;
  pageSize: number;
  /** Matches titles and message content; blank lists everything. */
  search?: string;
}

/** GET /api/chat/conversations?page&pageSize&search: the user's conversations, newest first. */
export async function listConversations(
  { page, pageSize, search }: ListConversationsParams,
  signal?: AbortSignal,
): Promise<ConversationsResponse> {
  const trimmed = search?.trim();
  const { data } = await cookieClient.get<unknown>('/api/chat/conversations', {
    params: { page, pageSize, ...(trimmed ? { search: trimmed } : {}) },
    signal,
  });
  return conversationsResponse.parse(data);
}
