import { musicFamilyResponse, type MusicFamilyResponse } from '@studio/contracts';
import { cookieClient } from '../../clients';

/** GET /api/music/pieces/{id}/family: the tree a signed-in user's piece belongs to. */
export async function getPieceFamily(
  id: string,
  signal?: AbortSignal,
): Promise<MusicFamilyResponse> {
  const { data } = await cookieClient.get<unknown>(
    `/api/music/pieces/${encodeURIComponent(id)}/family`,
    { signal },
  );
  return musicFamilyResponse.parse(data);
}
