import type { GalleryPage, GeneratedImage } from '@studio/contracts';
import { useCallback, useMemo } from 'react';
import { queryOptions, usePagedQuery } from '../../../../lib/query';
import { galleryQueryKey } from '../api/listGallery';
import type { GallerySource } from '../gallerySource';

export type GalleryState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; images: GeneratedImage[]; refreshing: boolean };

export interface UseGalleryPages {
  state: GalleryState;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreError: unknown;
  loadMore: () => void;
  retry: () => void;
  /** Takes an image out of the list at once; returns what puts it back where it was. */
  removeOptimistically: (id: string) => () => void;
}

export const galleryPagesQueryOptions = (source: GallerySource) =>
  queryOptions({
    queryKey: [...galleryQueryKey, source.owner],
    queryFn: (signal): Promise<GalleryPage> => source.page(null, signal),
  });

/**
 * A gallery, newest first, a page at a time: the first page whenever the gallery lists are
 * invalidated (a new picture), the next ones on request (the sentinel or "Load more").
 */
export function useGalleryPages(source: GallerySource): UseGalleryPages {
  const { query, hasMore, loadingMore, loadMoreError, loadMore, update } = usePagedQuery({
    query: galleryPagesQueryOptions(source),
    items: (pages: GalleryPage) => pages.images,
    idOf: (image: GeneratedImage) => image.id,
    nextOf: (pages) => pages.nextCursor || null,
    fetchPage: (cursor: string) => source.page(cursor),
    itemsOfPage: (next) => next.images,
    append: (latest, next, fresh) => ({
      images: [...latest.images, ...fresh],
      nextCursor: next.nextCursor,
    }),
  });

  const state: GalleryState = useMemo(() => {
    if (query.status === 'success') {
      return { status: 'ready', images: query.data.images, refreshing: query.refreshing };
    }
    if (query.status === 'error') return { status: 'error', error: query.error };
    return { status: 'loading' };
  }, [query]);

  const removeOptimistically = useCallback(
    (id: string) => {
      let removed: { image: GeneratedImage; at: number } | null = null;
      update((latest) => {
        const at = latest.images.findIndex((image) => image.id === id);
        const image = latest.images[at];
        if (!image) return latest;
        removed = { image, at };
        return { ...latest, images: latest.images.filter((other) => other.id !== id) };
      });
      return () =>
        update((latest) => {
          if (!removed || latest.images.some((image) => image.id === id)) return latest;
          const images = [...latest.images];
          images.splice(Math.min(removed.at, images.length), 0, removed.image);
          return { ...latest, images };
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
