import { voiceCatalogueResponse, type VoiceCatalogueResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { invalidateQueries, queryOptions, useQuery } from '../../../lib/query';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * GET /api/voice/voices: every voice the caller may hear (each with its engine, quality, plan and
 * capabilities), the default voice per language, and the caller's character allowance today.
 */
export async function getVoiceCatalogue(signal?: AbortSignal): Promise<VoiceCatalogueResponse> {
  const { data } = await cookieClient.get<unknown>('/api/voice/voices', {
    signal,
    headers: visitorHeaders(),
  });
  // The voice page is its own chunk: checking against the contract costs the first load nothing.
  return voiceCatalogueResponse.parse(data);
}

const voiceCatalogueKey = ['voice', 'catalogue'] as const;

/** Keyed by who asks: signing in or out changes the plan, the voices and the allowance. */
export const voiceCatalogueQueryOptions = (account: string | null) =>
  queryOptions({
    queryKey: [...voiceCatalogueKey, account],
    queryFn: (signal) => getVoiceCatalogue(signal),
  });

export function useVoiceCatalogue(account: string | null) {
  return useQuery(voiceCatalogueQueryOptions(account));
}

/** After a synthesis (or a refusal) what is left today has moved: read it again. */
export function refreshVoiceCatalogue(): void {
  invalidateQueries(voiceCatalogueKey);
}
