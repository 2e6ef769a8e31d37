import type { PricingResponse } from '@studio/contracts';
import { apiClient } from '../../../lib/api/clients';
import { earlyEndpoints, takeEarly } from '../../../lib/api/earlyRequests';
import { queryOptions, useQuery } from '../../../lib/query';
import { pricingShape } from './pricingShape';

/** §7 GET /api/pricing: prices in USD and VND, savings, and what each plan unlocks. */
export async function getPricing(signal?: AbortSignal): Promise<PricingResponse> {
  // The page's first read takes the answer asked for at entry start, if any.
  const early = takeEarly('pricing');
  const data = early
    ? await early.body
    : (await apiClient.get<unknown>(earlyEndpoints.pricing.path, signal ? { signal } : {})).data;
  // The contract's check without zod (pricingShape.ts): /plans reads this first.
  return pricingShape.parse(data);
}

export const pricingQueryOptions = (load: (signal: AbortSignal) => Promise<PricingResponse>) =>
  queryOptions({ queryKey: ['pricing'], queryFn: load });

/** The plan cards' prices; on failure they keep the §9 fallback prices. */
export function usePricing(load: (signal: AbortSignal) => Promise<PricingResponse> = getPricing) {
  return useQuery(pricingQueryOptions(load));
}
