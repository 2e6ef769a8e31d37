import type { GeneratedImage } from '@studio/contracts';
import { useMemo } from 'react';
import { storedToken } from '../../../../lib/api/session';
import { apiSettings } from '../../../../lib/api/settings';
import { invalidateQueries } from '../../../../lib/query';
import { getImageFile } from '../../../../lib/api/endpoints/images/getImageFile';
import { galleryQueryKey } from '../api/listGallery';
import { useOpenVisitorStore, type OpenVisitorStore } from '../visitorImages';

export interface GalleryStore {
  /**
   * Keeps a finished job's pictures in the gallery. Signed in, the server has them already: the
   * gallery is read again. A visitor's are fetched once with the visitor key (the server keeps
   * them a day) and stored in this browser; it rejects with VisitorStorageUnavailableError where
   * the browser keeps nothing (private mode), or with the fetch's error.
   */
  addGenerated(images: readonly GeneratedImage[]): Promise<void>;
  /**
   * A picture's PNG, for an edit or a variation of a gallery image: a visitor's stored copy
   * (the server's lasts a day), else the server's file.
   */
  imageFile(image: GeneratedImage, signal?: AbortSignal): Promise<Blob>;
}

export interface AddGeneratedOptions {
  signedIn: boolean;
  open: OpenVisitorStore;
  fetchFile?: (fileUrl: string, signal?: AbortSignal) => Promise<Blob>;
}

export async function addGeneratedImages(
  images: readonly GeneratedImage[],
  { signedIn, open, fetchFile = getImageFile }: AddGeneratedOptions,
): Promise<void> {
  if (signedIn) {
    invalidateQueries(galleryQueryKey);
    return;
  }
  const store = await open();
  // Once each: a picture already kept (the same job reported twice) is not fetched again.
  const kept = await Promise.all(
    images.map(async (image) => (await store.file(image.id)) !== null),
  );
  const missing = images.filter((_, index) => !kept[index]);
  if (missing.length === 0) return;
  const entries = await Promise.all(
    missing.map(async (image) => ({ item: image, file: await fetchFile(image.fileUrl) })),
  );
  await store.add(entries);
  invalidateQueries(galleryQueryKey);
}

export async function galleryImageFile(
  image: GeneratedImage,
  { signedIn, open, fetchFile = getImageFile }: AddGeneratedOptions,
  signal?: AbortSignal,
): Promise<Blob> {
  if (!signedIn) {
    const stored = await open()
      .then((store) => store.file(image.id))
      // No browser storage: the server's copy may still be there.
      .catch(() => null);
    if (stored) return stored;
  }
  return fetchFile(image.fileUrl, signal);
}

/**
 * The gallery's side of the image pages: keeping a finished job's pictures (call it when a job
 * completes) and reading a gallery picture's file.
 * Signed in or not is decided as the image calls decide their headers: by the stored token.
 */
export function useGalleryStore(): GalleryStore {
  const open = useOpenVisitorStore();
  return useMemo(() => {
    const options = () => ({ signedIn: storedToken(apiSettings.store) !== null, open });
    return {
      addGenerated: (images) => addGeneratedImages(images, options()),
      imageFile: (image, signal) => galleryImageFile(image, options(), signal),
    };
  }, [open]);
}
