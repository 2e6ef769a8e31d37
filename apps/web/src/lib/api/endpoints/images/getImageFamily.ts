import { imageFamily, type ImageFamily } from '@studio/contracts';
import { cookieClient } from '../../clients';

/** GET /api/images/{id}/family: the tree a signed-in user's image belongs to. */
export async function getImageFamily(id: string, signal?: AbortSignal): Promise<ImageFamily> {
  const { data } = await cookieClient.get<unknown>(`/api/images/${encodeURIComponent(id)}/family`, {
    signal,
  });
  return imageFamily.parse(data);
}
