import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { hashKey, setQueryData, type QueryKey, type QueryOptions } from './queryCache';
import { useQuery, type QueryResult } from './useQuery';

/** A list read a page at a time: the pages read so far are one query's data. */
export interface PagedQueryOptions<Pages, Item, Cursor, Next> {
  /** The first page: read again whenever the key changes or is invalidated. */
  query: QueryOptions<Pages>;
  /** The items of the pages read so far, in order. */
  items: (pages: Pages) => Item[];
  /** What an item is known by in this list (unique in it). */
  idOf: (item: Item) => string;
  /** The pages with their items replaced by `items` (an item taken out or put back). */
  withItems: (pages: Pages, items: Item[]) => Pages;
  /** Where the next page starts (a cursor, a page number), or null when there is none. */
  nextOf: (pages: Pages) => Cursor | null;
  fetchPage: (cursor: Cursor) => Promise<Next>;
  /** The items of a page just read. */
  itemsOfPage: (next: Next) => readonly Item[];
  /** The pages with the next one added; `fresh` is its items less those already listed. */
  append: (pages: Pages, next: Next, fresh: Item[], cursor: Cursor) => Pages;
}

/** What a paged list shows: its items once read, refreshed in place when read again. */
export type PagedState<Item> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  /** refreshing: the items shown are being read again (after invalidateQueries): no flicker. */
  | { status: 'ready'; items: Item[]; refreshing: boolean };

/** A paged list as its view sees it, whatever its pages look like. */
export interface PagedList<Item> {
  state: PagedState<Item>;
  /** The list's own idOf: what each item is keyed by. */
  idOf: (item: Item) => string;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last "load more" failure, while the list it failed on is the one shown. */
  loadMoreError: unknown;
  loadMore: () => void;
  /** Shows the loading state and reads the first page again (after a failure). */
  retry: () => void;
  /**
   * Takes an item (the one with its id) out of the list at once; returns what puts it back where
   * it was, if it is not back already (a deletion the server refused).
   */
  removeOptimistically: (item: Item) => () => void;
}

export interface PagedQuery<Pages, Item> extends PagedList<Item> {
  query: QueryResult<Pages>;
  /** Changes the pages read so far in place (a rename, a delete after its answer). */
  update: (change: (pages: Pages) => Pages) => void;
}

/**
 * A paged list on the query cache (the conversations, the gallery, each tool's list, the
 * library): the first page as a query, then the next ones on request, appended to the same data.
 * An item that moved up between two reads is listed once; a page read for a list that has been
 * read again meanwhile is dropped. Its state and optimistic removal are what each list's view
 * (components/PagedTiles) shows and does, so the lists do not restate them.
 */
export function usePagedQuery<Pages, Item, Cursor, Next>(
  options: PagedQueryOptions<Pages, Item, Cursor, Next>,
): PagedQuery<Pages, Item> {
  const query = useQuery(options.query);
  const { queryKey } = options.query;
  const [loadingMore, setLoadingMore] = useState(false);
  // A failed "load more" of this very list: a new first page clears it.
  const [failure, setFailure] = useState<{ of: Pages; error: unknown } | null>(null);
  const ready = query.status === 'success' && !query.refreshing ? query.data : null;
  const cursor = ready === null ? null : options.nextOf(ready);

  // The key's contents, not its identity (callers build it afresh on every render); a page
  // goes to the list it was asked for, even if the caller has moved on to another key.
  const keyHash = hashKey(queryKey);
  const update = useCallback(
    (change: (pages: Pages) => Pages) =>
      setQueryData<Pages>(JSON.parse(keyHash) as QueryKey, change),
    [keyHash],
  );

  // The functions as of the last render: callers pass new closures each time, and "load more"
  // stays the same function while the list it loads for does (a sentinel's effect depends on it).
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const loadMore = useCallback(() => {
    if (ready === null || cursor === null || loadingMore) return;
    const { items, idOf, nextOf, fetchPage, itemsOfPage, append } = latest.current;
    setLoadingMore(true);
    setFailure(null);
    fetchPage(cursor)
      .then((next) =>
        update((pages) => {
          // The list was read again meanwhile: this page belongs to the old one.
          if (nextOf(pages) !== cursor) return pages;
          const seen = new Set(items(pages).map(idOf));
          const fresh = itemsOfPage(next).filter((item) => !seen.has(idOf(item)));
          return append(pages, next, fresh, cursor);
        }),
      )
      .catch((error: unknown) => setFailure({ of: ready, error }))
      .finally(() => setLoadingMore(false));
  }, [ready, cursor, loadingMore, update]);

  const removeOptimistically = useCallback(
    (target: Item) => {
      const { items, idOf, withItems } = latest.current;
      const id = idOf(target);
      let removed: { item: Item; at: number } | null = null;
      update((pages) => {
        const list = items(pages);
        const at = list.findIndex((item) => idOf(item) === id);
        const item = list[at];
        if (item === undefined) return pages;
        removed = { item, at };
        return withItems(
          pages,
          list.filter((_, index) => index !== at),
        );
      });
      return () =>
        update((pages) => {
          const list = items(pages);
          if (!removed || list.some((item) => idOf(item) === id)) return pages;
          const restored = [...list];
          restored.splice(Math.min(removed.at, restored.length), 0, removed.item);
          return withItems(pages, restored);
        });
    },
    [update],
  );

  let state: PagedState<Item>;
  if (query.status === 'success') {
    state = { status: 'ready', items: options.items(query.data), refreshing: query.refreshing };
  } else if (query.status === 'error') {
    state = { status: 'error', error: query.error };
  } else {
    state = { status: 'loading' };
  }

  return {
    query,
    state,
    idOf: options.idOf,
    hasMore: cursor !== null,
    loadingMore,
    loadMoreError: failure && failure.of === ready ? failure.error : null,
    loadMore,
    retry: query.reload,
    removeOptimistically,
    update,
  };
}
