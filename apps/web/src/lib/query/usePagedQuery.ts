import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { hashKey, setQueryData, type QueryKey, type QueryOptions } from './queryCache';
import { useQuery, type QueryResult } from './useQuery';

/** A list read a page at a time: the pages read so far are one query's data. */
export interface PagedQueryOptions<Pages, Item, Cursor, Next> {
  /** The first page: read again whenever the key changes or is invalidated. */
  query: QueryOptions<Pages>;
  /** The items of the pages read so far, in order. */
  items: (pages: Pages) => readonly Item[];
  idOf: (item: Item) => string;
  /** Where the next page starts (a cursor, a page number), or null when there is none. */
  nextOf: (pages: Pages) => Cursor | null;
  fetchPage: (cursor: Cursor) => Promise<Next>;
  /** The items of a page just read. */
  itemsOfPage: (next: Next) => readonly Item[];
  /** The pages with the next one added; `fresh` is its items less those already listed. */
  append: (pages: Pages, next: Next, fresh: Item[], cursor: Cursor) => Pages;
}

export interface PagedQuery<Pages> {
  query: QueryResult<Pages>;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last "load more" failure, while the list it failed on is the one shown. */
  loadMoreError: unknown;
  loadMore: () => void;
  /** Changes the pages read so far in place (a rename, a delete, an optimistic removal). */
  update: (change: (pages: Pages) => Pages) => void;
}

/**
 * A paged list on the query cache (the conversations, a gallery, and each tool's library after
 * them): the first page as a query, then the next ones on request, appended to the same data.
 * An item that moved up between two reads is listed once; a page read for a list that has been
 * read again meanwhile is dropped.
 */
export function usePagedQuery<Pages, Item, Cursor, Next>(
  options: PagedQueryOptions<Pages, Item, Cursor, Next>,
): PagedQuery<Pages> {
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

  return {
    query,
    hasMore: cursor !== null,
    loadingMore,
    loadMoreError: failure && failure.of === ready ? failure.error : null,
    loadMore,
    update,
  };
}
