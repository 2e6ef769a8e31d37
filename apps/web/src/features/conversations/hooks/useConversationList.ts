import type { ConversationSummary } from '@studio/contracts';
import { useCallback, useState } from 'react';
import { setQueryData, useQuery } from '../../../lib/query';
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
  const query = useQuery(conversationsQueryOptions(search));
  const [loadingMore, setLoadingMore] = useState(false);
  // A failed "Load more" of this very list: a new first page clears it.
  const [loadMoreFailure, setLoadMoreFailure] = useState<{ of: unknown; error: unknown } | null>(
    null,
  );

  let state: ConversationListState;
  if (query.status === 'success') {
    const { items, total } = query.data;
    state = { status: 'ready', items, total, refreshing: query.refreshing };
  } else if (query.status === 'error') {
    state = { status: 'error', error: query.error };
  } else {
    state = { status: 'loading' };
  }

  const ready = query.status === 'success' && !query.refreshing ? query.data : null;
  const hasMore = ready ? ready.items.length < ready.total : false;

  const update = useCallback(
    (change: (pages: ConversationPages) => ConversationPages) =>
      setQueryData<ConversationPages>(conversationsQueryOptions(search).queryKey, change),
    [search],
  );

  const loadMore = useCallback(() => {
    if (!ready || loadingMore) return;
    const next = ready.page + 1;
    setLoadingMore(true);
    setLoadMoreFailure(null);
    listConversations({ page: next, pageSize: CONVERSATIONS_PAGE_SIZE, search })
      .then((response) =>
        update((latest) => {
          if (latest.page !== ready.page) return latest;
          // A conversation that moved up between pages would otherwise show twice.
          const seen = new Set(latest.items.map((item) => item.id));
          return {
            items: [...latest.items, ...response.items.filter((item) => !seen.has(item.id))],
            page: next,
            total: response.total,
          };
        }),
      )
      .catch((error: unknown) => setLoadMoreFailure({ of: ready, error }))
      .finally(() => setLoadingMore(false));
  }, [ready, loadingMore, search, update]);

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
    loadMoreError: loadMoreFailure && loadMoreFailure.of === ready ? loadMoreFailure.error : null,
    loadMore,
    retry: query.reload,
    replace,
    remove,
  };
}
