import { conversationsResponse, type ConversationsResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { queryOptions } from '../../../lib/query';

export interface ListConversationsParams {
  page: number;
  pageSize: number;
  /** Matches titles and message content; blank lists everything. */
  search?: string;
}

export const CONVERSATIONS_PAGE_SIZE = 20;

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

/** Every list of conversations: what a new conversation or a new title invalidates. */
export const conversationsQueryKey = ['conversations'] as const;

/** The pages read so far of one search: its first page, then what "Load more" adds. */
export interface ConversationPages extends Pick<ConversationsResponse, 'items' | 'total'> {
  /** The last page read. */
  page: number;
}

export const conversationsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...conversationsQueryKey, search],
    queryFn: async (signal): Promise<ConversationPages> => {
      const { items, total } = await listConversations(
        { page: 1, pageSize: CONVERSATIONS_PAGE_SIZE, search },
        signal,
      );
      return { items, page: 1, total };
    },
  });
