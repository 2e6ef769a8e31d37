import type { ConversationSummary } from '@studio/contracts';
import { useCallback, useEffect, useState } from 'react';
import { listConversations } from '../api/listConversations';

export const CONVERSATIONS_PAGE_SIZE = 20;

interface Loaded {
  items: ConversationSummary[];
  /** The last page read. */
  page: number;
  total: number;
}

type Result = { key: string; search: string } & (
  { status: 'ready'; list: Loaded } | { status: 'error'; error: unknown }
);

export type ConversationListState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  /** refreshing: an older list is shown while the new one loads (no flicker on refreshKey). */
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
 * The user's conversations, newest first, a page at a time: the first page again whenever the
 * search or `refreshKey` changes (a new chat, a new title), more pages on request.
 */
export function useConversationList(search: string, refreshKey = 0): UseConversationList {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreError, setLoadMoreError] = useState<unknown>(null);
  const key = `${search}\u0000${refreshKey}\u0000${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    listConversations({ page: 1, pageSize: CONVERSATIONS_PAGE_SIZE, search }, controller.signal)
      .then((response) => {
        setResult({
          key,
          search,
          status: 'ready',
          list: { items: response.items, page: 1, total: response.total },
        });
        setLoadMoreError(null);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setResult({ key, search, status: 'error', error });
      });
    return () => controller.abort();
  }, [key, search]);

  const current = result?.key === key ? result : null;
  // An older list stays on screen while the same search refreshes; a new search starts afresh.
  const stale = !current && result?.status === 'ready' && result.search === search ? result : null;
  const shown = current ?? stale;

  let state: ConversationListState;
  if (shown?.status === 'ready') {
    state = {
      status: 'ready',
      items: shown.list.items,
      total: shown.list.total,
      refreshing: shown === stale,
    };
  } else if (current?.status === 'error') {
    state = { status: 'error', error: current.error };
  } else {
    state = { status: 'loading' };
  }

  const ready = current?.status === 'ready' ? current : null;
  const hasMore = ready ? ready.list.items.length < ready.list.total : false;

  const loadMore = useCallback(() => {
    if (!ready || loadingMore) return;
    const next = ready.list.page + 1;
    setLoadingMore(true);
    setLoadMoreError(null);
    listConversations({ page: next, pageSize: CONVERSATIONS_PAGE_SIZE, search })
      .then((response) => {
        setResult((latest) => {
          if (latest?.key !== ready.key || latest.status !== 'ready') return latest;
          // A conversation that moved up between pages would otherwise show twice.
          const seen = new Set(latest.list.items.map((item) => item.id));
          return {
            ...latest,
            list: {
              items: [...latest.list.items, ...response.items.filter((item) => !seen.has(item.id))],
              page: next,
              total: response.total,
            },
          };
        });
      })
      .catch((error: unknown) => setLoadMoreError(error))
      .finally(() => setLoadingMore(false));
  }, [ready, loadingMore, search]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const replace = useCallback((item: ConversationSummary) => {
    setResult((latest) =>
      latest?.status === 'ready'
        ? {
            ...latest,
            list: {
              ...latest.list,
              items: latest.list.items.map((old) => (old.id === item.id ? item : old)),
            },
          }
        : latest,
    );
  }, []);

  const remove = useCallback((id: string) => {
    setResult((latest) =>
      latest?.status === 'ready'
        ? {
            ...latest,
            list: {
              ...latest.list,
              items: latest.list.items.filter((item) => item.id !== id),
              total: Math.max(0, latest.list.total - 1),
            },
          }
        : latest,
    );
  }, []);

  return {
    state,
    search,
    hasMore,
    loadingMore,
    loadMoreError,
    loadMore,
    retry,
    replace,
    remove,
  };
}
