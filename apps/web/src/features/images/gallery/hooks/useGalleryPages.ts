import type { GalleryPage, GeneratedImage } from '@studio/contracts';
import { useCallback, useMemo, useState } from 'react';
import { queryOptions, setQueryData, useQuery } from '../../../../lib/query';
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
  const options = galleryPagesQueryOptions(source);
  const query = useQuery(options);
  const { owner } = source;
  const [loadingMore, setLoadingMore] = useState(false);
  // A failed "load more" of this very list: a new first page clears it.
  const [failure, setFailure] = useState<{ of: GalleryPage; error: unknown } | null>(null);

  const state: GalleryState = useMemo(() => {
    if (query.status === 'success') {
      return { status: 'ready', images: query.data.images, refreshing: query.refreshing };
    }
    if (query.status === 'error') return { status: 'error', error: query.error };
    return { status: 'loading' };
  }, [query]);

  const ready = query.status === 'success' && !query.refreshing ? query.data : null;

  const update = useCallback(
    (change: (pages: GalleryPage) => GalleryPage) =>
      setQueryData<GalleryPage>([...galleryQueryKey, owner], change),
    [owner],
  );

  const loadMore = useCallback(() => {
    if (!ready?.nextCursor || loadingMore) return;
    const cursor = ready.nextCursor;
    setLoadingMore(true);
    setFailure(null);
    source
      .page(cursor)
      .then((next) =>
        update((latest) => {
          // The list was read again meanwhile: this page belongs to the old one.
          if (latest.nextCursor !== cursor) return latest;
          const seen = new Set(latest.images.map((image) => image.id));
          return {
            images: [...latest.images, ...next.images.filter((image) => !seen.has(image.id))],
            nextCursor: next.nextCursor,
          };
        }),
      )
      .catch((error: unknown) => setFailure({ of: ready, error }))
      .finally(() => setLoadingMore(false));
  }, [ready, loadingMore, source, update]);

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
    hasMore: Boolean(ready?.nextCursor),
    loadingMore,
    loadMoreError: failure && failure.of === ready ? failure.error : null,
    loadMore,
    retry: query.reload,
    removeOptimistically,
  };
}
