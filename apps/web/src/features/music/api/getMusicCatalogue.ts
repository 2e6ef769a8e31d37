import { musicCatalogueResponse, type MusicCatalogueResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { invalidateQueries, queryOptions, useQuery } from '../../../lib/query';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * GET /api/music/models: every music model (the offline composer, any cloud model), which the
 * caller's plan allows, the default one, and the caller's seconds of music per piece and today.
 */
export async function getMusicCatalogue(signal?: AbortSignal): Promise<MusicCatalogueResponse> {
  const { data } = await cookieClient.get<unknown>('/api/music/models', {
    signal,
    headers: visitorHeaders(),
  });
  return musicCatalogueResponse.parse(data);
}

const musicCatalogueKey = ['music', 'catalogue'] as const;

/** Keyed by who asks: signing in or out changes the plan, the models and the allowance. */
export const musicCatalogueQueryOptions = (account: string | null) =>
  queryOptions({
    queryKey: [...musicCatalogueKey, account],
    queryFn: (signal) => getMusicCatalogue(signal),
  });

export function useMusicCatalogue(account: string | null) {
  return useQuery(musicCatalogueQueryOptions(account));
}

/** After a piece (or a refusal) what is left today has moved: read it again. */
export function refreshMusicCatalogue(): void {
  invalidateQueries(musicCatalogueKey);
}
