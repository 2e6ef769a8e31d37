import type { ConversationSummary } from '@studio/contracts';
import { useCallback } from 'react';
import { usePagedQuery } from '../../../lib/query';
import {
  CONVERSATIONS_PAGE_SIZE,
  conversationsQueryOptions,
  listConversations,
  type ConversationPages,
} from '../api/listConversations';

export type ConversationListState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  /** refreshing: the list shown is being read again (a new chat, a new title): no flicker. */
  | { status: 'ready'; items: ConversationSummary[]; total: number; refreshing: boolean };

export interface UseConversationList {
  state: ConversationListState;
  /** The search the list shows (the debounced one), for the empty state's wording. */
  search: string;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreError: unknown;
  loadMore: () => void;
  retry: () => void;
  /** After a rename: the item changes in place (the server's copy). */
  replace: (item: ConversationSummary) => void;
  /** After a delete. */
  remove: (id: string) => void;
}

/**
 * The user's conversations, newest first, a page at a time: the first page whenever the search
 * changes or the lists are invalidated (conversationsQueryKey), more pages on request.
 */
export function useConversationList(search: string): UseConversationList {
  const { query, hasMore, loadingMore, loadMoreError, loadMore, update } = usePagedQuery({
    query: conversationsQueryOptions(search),
    items: (pages: ConversationPages) => pages.items,
    idOf: (item: ConversationSummary) => item.id,
    withItems: (pages, items) => ({ ...pages, items }),
    nextOf: (pages) => (pages.items.length < pages.total ? pages.page + 1 : null),
    fetchPage: (page: number) =>
      listConversations({ page, pageSize: CONVERSATIONS_PAGE_SIZE, search }),
    itemsOfPage: (response) => response.items,
    append: (latest, response, fresh, page) => ({
      items: [...latest.items, ...fresh],
      page,
      total: response.total,
    }),
  });

  let state: ConversationListState;
  if (query.status === 'success') {
    const { items, total } = query.data;
    state = { status: 'ready', items, total, refreshing: query.refreshing };
  } else if (query.status === 'error') {
    state = { status: 'error', error: query.error };
  } else {
    state = { status: 'loading' };
  }

  const replace = useCallback(
    (item: ConversationSummary) =>
      update((latest) => ({
        ...latest,
        items: latest.items.map((old) => (old.id === item.id ? item : old)),
      })),
    [update],
  );

  const remove = useCallback(
    (id: string) =>
      update((latest) => ({
        ...latest,
        items: latest.items.filter((item) => item.id !== id),
        total: Math.max(0, latest.total - 1),
      })),
    [update],
  );

  return {
    state,
    search,
    hasMore,
    loadingMore,
    loadMoreError,
    loadMore,
    retry: query.reload,
    replace,
    remove,
  };
}
