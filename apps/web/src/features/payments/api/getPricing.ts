import { pricingResponse, type PricingResponse } from '@studio/contracts';
import { apiClient } from '../../../lib/api/clients';
import { queryOptions, useQuery } from '../../../lib/query';

/** §7 GET /api/pricing: prices in USD and VND, savings, and what each plan unlocks. */
export async function getPricing(signal?: AbortSignal): Promise<PricingResponse> {
  const { data } = await apiClient.get<unknown>('/api/pricing', signal ? { signal } : {});
  return pricingResponse.parse(data);
}

export const pricingQueryOptions = (load: (signal: AbortSignal) => Promise<PricingResponse>) =>
  queryOptions({ queryKey: ['pricing'], queryFn: load });

/** The plan cards' prices; on failure they keep the §9 fallback prices. */
export function usePricing(load: (signal: AbortSignal) => Promise<PricingResponse> = getPricing) {
  return useQuery(pricingQueryOptions(load));
}
