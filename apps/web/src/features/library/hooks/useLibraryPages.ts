import type { LibraryItem, LibraryPage } from '@studio/contracts';
import { useCallback, useMemo } from 'react';
import { queryOptions, usePagedQuery } from '../../../lib/query';
import { libraryQueryKey, type LibraryFilter } from '../api/listLibrary';
import type { LibrarySource } from '../librarySource';

export type LibraryState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; items: LibraryItem[]; refreshing: boolean };

export interface UseLibraryPages {
  state: LibraryState;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreError: unknown;
  loadMore: () => void;
  retry: () => void;
  /** Takes an item out of the list at once; returns what puts it back where it was. */
  removeOptimistically: (item: LibraryItem) => () => void;
}

/** An item is known by its kind and id: a picture and a clip could share an id. */
const keyOf = (item: Pick<LibraryItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

export const libraryPagesQueryOptions = (source: LibrarySource, filter: LibraryFilter) =>
  queryOptions({
    queryKey: [...libraryQueryKey, source.owner, filter.kind ?? 'all', filter.q],
    queryFn: (signal): Promise<LibraryPage> => source.page(filter, null, signal),
  });

/**
 * The library for one filter, newest first, a page at a time (as the image gallery reads its
 * pages): the first page whenever the library lists are invalidated, the next ones on request.
 */
export function useLibraryPages(source: LibrarySource, filter: LibraryFilter): UseLibraryPages {
  const { query, hasMore, loadingMore, loadMoreError, loadMore, update } = usePagedQuery({
    query: libraryPagesQueryOptions(source, filter),
    items: (pages: LibraryPage) => pages.items,
    idOf: keyOf,
    nextOf: (pages) => pages.nextCursor || null,
    fetchPage: (cursor: string) => source.page(filter, cursor),
    itemsOfPage: (next) => next.items,
    append: (latest, next, fresh) => ({
      items: [...latest.items, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });

  const state: LibraryState = useMemo(() => {
    if (query.status === 'success') {
      return { status: 'ready', items: query.data.items, refreshing: query.refreshing };
    }
    if (query.status === 'error') return { status: 'error', error: query.error };
    return { status: 'loading' };
  }, [query]);

  const removeOptimistically = useCallback(
    (target: LibraryItem) => {
      const key = keyOf(target);
      let removed: { item: LibraryItem; at: number } | null = null;
      update((latest) => {
        const at = latest.items.findIndex((item) => keyOf(item) === key);
        const item = latest.items[at];
        if (!item) return latest;
        removed = { item, at };
        return { ...latest, items: latest.items.filter((other) => keyOf(other) !== key) };
      });
      return () =>
        update((latest) => {
          if (!removed || latest.items.some((item) => keyOf(item) === key)) return latest;
          const items = [...latest.items];
          items.splice(Math.min(removed.at, items.length), 0, removed.item);
          return { ...latest, items };
        });
    },
    [update],
  );

  return {
    state,
    hasMore,
    loadingMore,
    loadMoreError,
    loadMore,
    retry: query.reload,
    removeOptimistically,
  };
}
