import { cookieClient } from '../../../lib/api/clients';

/** Where the API serves uploads (POST /api/chat/upload answers with a URL under it). */
export const UPLOAD_PATH_PREFIX = '/api/chat/uploads/';

/**
 * An uploaded image (served to its owner only, so it is fetched with the session's credentials
 * rather than by an <img> that cannot send the bearer token). Only our own upload paths: the
 * client adds the bearer token to every request, so an address pointing elsewhere is refused.
 */
export async function getImage(imageUrl: string, signal?: AbortSignal): Promise<Blob> {
  if (!imageUrl.startsWith(UPLOAD_PATH_PREFIX) || imageUrl.includes('..')) {
    throw new Error('Not an uploaded image.');
  }
  const { data } = await cookieClient.get<Blob>(imageUrl, { responseType: 'blob', signal });
  return data;
}
