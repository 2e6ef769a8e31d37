import type { GalleryPage, GeneratedImage, ImageFamily } from '@studio/contracts';
import { getImageFile } from '../../../lib/api/endpoints/images/getImageFile';
import { getImageFamily } from '../../../lib/api/endpoints/images/getImageFamily';
import { deleteImage } from '../../../lib/api/endpoints/images/deleteImage';
import { listGallery } from './api/listGallery';
import type { OpenVisitorStore } from './visitorImages';

export type GalleryOwner = 'user' | 'visitor';

/**
 * Where a gallery's images come from: the server (signed in) or this browser (a visitor). The
 * components read either the same way.
 */
export interface GallerySource {
  owner: GalleryOwner;
  page(cursor: string | null, signal?: AbortSignal): Promise<GalleryPage>;
  remove(id: string): Promise<void>;
  /** The image's PNG, as the server made it (its parameters in it). */
  file(image: GeneratedImage, signal?: AbortSignal): Promise<Blob>;
  family(image: GeneratedImage, signal?: AbortSignal): Promise<ImageFamily>;
}

export const userGallerySource: GallerySource = {
  owner: 'user',
  page: listGallery,
  remove: deleteImage,
  file: (image, signal) => getImageFile(image.fileUrl, signal),
  family: (image, signal) => getImageFamily(image.id, signal),
};

/** The browser's copy was removed meanwhile (another tab deleted it). */
export class StoredImageMissingError extends Error {
  constructor() {
    super('This picture is no longer kept in this browser.');
    this.name = 'StoredImageMissingError';
  }
}

export function visitorGallerySource(open: OpenVisitorStore): GallerySource {
  return {
    owner: 'visitor',
    page: async (cursor) => (await open()).page(cursor),
    remove: async (id) => (await open()).remove(id),
    file: async (image) => {
      const file = await (await open()).file(image.id);
      if (!file) throw new StoredImageMissingError();
      return file;
    },
    // An image whose family is gone from the browser is a family of one.
    family: async (image) =>
      (await (await open()).family(image.id)) ?? { rootId: image.id, images: [image] },
  };
}
