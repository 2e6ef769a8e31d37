import type { GeneratedImage } from '@studio/contracts';
import { getImageFile } from '../../../lib/api/endpoints/images/getImageFile';
import { listLibrary } from '../../../lib/api/endpoints/library/listLibrary';
import { newestFirst } from '../../../lib/visitor/collections';
import type { VisitorCollection } from '../../../lib/visitor/visitorCollection';

/** A page of pictures to pick from. */
export interface PicturePage {
  images: GeneratedImage[];
  nextCursor: string | null;
}

/** Where the library picker's pictures come from: a user's account, or a visitor's browser. */
export interface PictureLibrary {
  owner: 'user' | 'visitor';
  page(cursor: string | null, signal?: AbortSignal): Promise<PicturePage>;
  file(image: GeneratedImage, signal?: AbortSignal): Promise<Blob>;
}

/** A signed-in user's generated images (GET /api/library?kind=image), read by the server by id. */
export const userPictures: PictureLibrary = {
  owner: 'user',
  page: async (cursor, signal) => {
    const page = await listLibrary({ kind: 'image', q: '' }, cursor, signal);
    return {
      images: page.items.flatMap((item) => (item.kind === 'image' ? [item.image] : [])),
      nextCursor: page.nextCursor,
    };
  },
  file: (image, signal) => getImageFile(image.fileUrl, signal),
};

/**
 * A visitor's pictures, kept in this browser by the image tools: all in one page, and sent as
 * files (the server keeps a visitor's images only a day, under other ids).
 */
export function visitorPictures(collection: VisitorCollection<GeneratedImage>): PictureLibrary {
  return {
    owner: 'visitor',
    page: async () => ({ images: (await collection.list()).sort(newestFirst), nextCursor: null }),
    file: async (image) => {
      const file = await collection.file(image.id);
      if (!file) throw new Error('This picture is no longer kept in this browser.');
      return file;
    },
  };
}
