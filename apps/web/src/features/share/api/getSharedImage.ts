import { apiClient } from '../../../lib/api/clients';

/** How the API names a shared conversation's images: /api/chat/share/{slug}/images/{id}. */
const sharedImagePath = /^\/api\/chat\/share\/[\w-]+\/images\/[\w-]+$/;

/**
 * An image of a shared conversation, through the link (public: the client that sends no
 * cookies). Only paths of that shape: the client adds a stored bearer token to what it sends, so
 * an address pointing anywhere else is refused rather than fetched.
 */
export async function getSharedImage(imageUrl: string, signal?: AbortSignal): Promise<Blob> {
  if (!sharedImagePath.test(imageUrl)) throw new Error('Not an image of a shared conversation.');
  const { data } = await apiClient.get<Blob>(imageUrl, { responseType: 'blob', signal });
  return data;
}
