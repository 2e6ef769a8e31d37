import { galleryPage, type GalleryPage } from '@studio/contracts';
import { cookieClient } from '../../../../lib/api/clients';

/**
 * Every gallery list (a signed-in user's and a visitor's): what a new picture or a deletion
 * invalidates, and the prefix of each image's family.
 */
export const galleryQueryKey = ['images', 'gallery'] as const;

/** GET /api/images?cursor=…: a page of the signed-in user's gallery, newest first. */
export async function listGallery(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<GalleryPage> {
  const { data } = await cookieClient.get<unknown>('/api/images', {
    params: { cursor },
    signal,
  });
  return galleryPage.parse(data);
}
