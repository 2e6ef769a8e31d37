import { cookieClient } from '../../clients';

/** DELETE /api/voice/clips/{id}: the clip and its audio (404 for anyone but its owner). */
export async function deleteClip(id: string): Promise<void> {
  await cookieClient.delete(`/api/voice/clips/${encodeURIComponent(id)}`);
}
