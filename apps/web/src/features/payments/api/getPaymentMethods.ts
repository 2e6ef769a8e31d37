import { paymentMethodsResponse, type PaymentMethodsResponse } from '@studio/contracts';
import { apiClient } from '../../../lib/api/clients';
import { queryOptions, useQuery } from '../../../lib/query';

/** §7 GET /api/payment-methods: PayPal (USD) and VNPay (VND), their availability and sandbox flag. */
export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodsResponse> {
  const { data } = await apiClient.get<unknown>('/api/payment-methods', signal ? { signal } : {});
  return paymentMethodsResponse.parse(data);
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: ['payment-methods'], queryFn: getPaymentMethods });

/** The payment step's buttons. */
export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
