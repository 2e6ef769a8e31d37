import type { GalleryPage, GeneratedImage } from '@studio/contracts';
import { queryOptions, usePagedQuery, type PagedQuery } from '../../../../lib/query';
import { galleryQueryKey } from '../api/listGallery';
import type { GallerySource } from '../gallerySource';

export const galleryPagesQueryOptions = (source: GallerySource) =>
  queryOptions({
    queryKey: [...galleryQueryKey, source.owner],
    queryFn: (signal): Promise<GalleryPage> => source.page(null, signal),
  });

/**
 * A gallery, newest first, a page at a time: the first page whenever the gallery lists are
 * invalidated (a new picture), the next ones on request (the sentinel or "Load more").
 */
export function useGalleryPages(source: GallerySource): PagedQuery<GalleryPage, GeneratedImage> {
  return usePagedQuery({
    query: galleryPagesQueryOptions(source),
    items: (pages: GalleryPage) => pages.images,
    idOf: (image: GeneratedImage) => image.id,
    withItems: (pages, images) => ({ ...pages, images }),
    nextOf: (pages) => pages.nextCursor || null,
    fetchPage: (cursor: string) => source.page(cursor),
    itemsOfPage: (next) => next.images,
    append: (latest, next, fresh) => ({
      images: [...latest.images, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });
}
