import type { PaymentMethodsResponse, PricingResponse } from '@studio/contracts';
import { getPaymentMethods } from '../api/getPaymentMethods';
import { getPricing } from '../api/getPricing';
import { useRemote } from './useRemote';

/** GET /api/pricing for the plan cards; on failure they keep the §9 fallback prices. */
export function usePricing(load: (signal: AbortSignal) => Promise<PricingResponse> = getPricing) {
  return useRemote(load);
}

/** GET /api/payment-methods for the payment step's buttons. */
export function usePaymentMethods(
  load: (signal: AbortSignal) => Promise<PaymentMethodsResponse> = getPaymentMethods,
) {
  return useRemote(load);
}
