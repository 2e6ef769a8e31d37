import type { LibraryItem, LibraryPage } from '@studio/contracts';
import { queryOptions, usePagedQuery, type PagedQuery } from '../../../lib/query';
import {
  libraryQueryKey,
  type LibraryFilter,
} from '../../../lib/api/endpoints/library/listLibrary';
import type { LibrarySource } from '../librarySource';

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
export function useLibraryPages(
  source: LibrarySource,
  filter: LibraryFilter,
): PagedQuery<LibraryPage, LibraryItem> {
  return usePagedQuery({
    query: libraryPagesQueryOptions(source, filter),
    items: (pages: LibraryPage) => pages.items,
    idOf: keyOf,
    withItems: (pages, items) => ({ ...pages, items }),
    nextOf: (pages) => pages.nextCursor || null,
    fetchPage: (cursor: string) => source.page(filter, cursor),
    itemsOfPage: (next) => next.items,
    append: (latest, next, fresh) => ({
      items: [...latest.items, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });
}
