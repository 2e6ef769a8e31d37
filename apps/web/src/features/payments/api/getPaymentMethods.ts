import { paymentMethodsResponse, type PaymentMethodsResponse } from '@studio/contracts';
import { apiClient } from '../../../lib/api/clients';

/** §7 GET /api/payment-methods: PayPal (USD) and VNPay (VND), their availability and sandbox flag. */
export async function getPaymentMethods(signal?: AbortSignal): Promise<PaymentMethodsResponse> {
  const { data } = await apiClient.get<unknown>('/api/payment-methods', signal ? { signal } : {});
  return paymentMethodsResponse.parse(data);
}
