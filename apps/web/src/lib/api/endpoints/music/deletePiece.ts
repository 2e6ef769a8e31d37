import { cookieClient } from '../../clients';

/** DELETE /api/music/pieces/{id}: the piece and its files (404 for anyone but its owner). */
export async function deletePiece(id: string): Promise<void> {
  await cookieClient.delete(`/api/music/pieces/${encodeURIComponent(id)}`);
}
