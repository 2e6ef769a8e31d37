import { visionCatalogueResponse, type VisionCatalogueResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { invalidateQueries, queryOptions, useQuery } from '../../../lib/query';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * GET /api/vision/catalogue: the OCR engine and its languages, the chat models that answer about
 * a picture (which see it, which the plan allows), the caller's default seeing model, and their
 * pictures a day, what is left today, and the largest picture taken.
 */
export async function getVisionCatalogue(signal?: AbortSignal): Promise<VisionCatalogueResponse> {
  const { data } = await cookieClient.get<unknown>('/api/vision/catalogue', {
    signal,
    headers: visitorHeaders(),
  });
  return visionCatalogueResponse.parse(data);
}

const visionCatalogueKey = ['vision', 'catalogue'] as const;

/** Keyed by who asks: signing in or out changes the models and the allowance. */
export const visionCatalogueQueryOptions = (account: string | null) =>
  queryOptions({
    queryKey: [...visionCatalogueKey, account],
    queryFn: (signal) => getVisionCatalogue(signal),
  });

export function useVisionCatalogue(account: string | null) {
  return useQuery(visionCatalogueQueryOptions(account));
}

/** After a read (or a refusal) what is left today has moved: read it again. */
export function refreshVisionCatalogue(): void {
  invalidateQueries(visionCatalogueKey);
}
