import { pricingResponse, type PricingResponse } from '@studio/contracts';
import { apiClient } from '../../../lib/api/clients';

/** §7 GET /api/pricing: prices in USD and VND, savings, and what each plan unlocks. */
export async function getPricing(signal?: AbortSignal): Promise<PricingResponse> {
  const { data } = await apiClient.get<unknown>('/api/pricing', signal ? { signal } : {});
  return pricingResponse.parse(data);
}
