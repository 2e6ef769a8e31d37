import { cookieClient } from '../../clients';

/** DELETE /api/images/{id}: the image and its file (its children stay, as roots). */
export async function deleteImage(id: string): Promise<void> {
  await cookieClient.delete(`/api/images/${encodeURIComponent(id)}`);
}
