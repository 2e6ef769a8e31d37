import { musicPiecesPage, type MusicPiecesPage } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** Every piece list and family (a user's, a visitor's): what a new piece or a deletion invalidates. */
export const piecesQueryKey = ['music', 'pieces'] as const;

/** GET /api/music/pieces?cursor=…: a page of the signed-in user's pieces, newest first. */
export async function listPieces(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MusicPiecesPage> {
  const { data } = await cookieClient.get<unknown>('/api/music/pieces', {
    params: cursor ? { cursor } : undefined,
    signal,
  });
  return musicPiecesPage.parse(data);
}
