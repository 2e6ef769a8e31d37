import { imageModelsResponse, type ImageModelsResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { invalidateQueries, queryOptions, useQuery } from '../../../lib/query';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/** GET /api/images/models: the models for the caller's plan, the default, sandbox, today's quota. */
export async function getImageModels(signal?: AbortSignal): Promise<ImageModelsResponse> {
  const { data } = await cookieClient.get<unknown>('/api/images/models', {
    signal,
    headers: visitorHeaders(),
  });
  // The image pages are their own chunk: checking against the contract costs the first load nothing.
  return imageModelsResponse.parse(data);
}

const imageModelsKey = ['images', 'models'] as const;

/** Keyed by who asks: signing in or out changes the plan, the models and the quota. */
export const imageModelsQueryOptions = (account: string | null) =>
  queryOptions({
    queryKey: [...imageModelsKey, account],
    queryFn: (signal) => getImageModels(signal),
  });

export function useImageModels(account: string | null) {
  return useQuery(imageModelsQueryOptions(account));
}

/** After a run (or a refusal) the quota has moved: read it again. */
export function refreshImageModels(): void {
  invalidateQueries(imageModelsKey);
}
