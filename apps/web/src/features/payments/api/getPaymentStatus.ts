import { paymentStatusResponse, type PaymentStatusResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/**
 * §7 GET api/payments/status/{id}: {id} is the order id, our transaction reference or PayPal's
 * order id. Failures are shown as PAYMENT_ERRORS.status (§8).
 */
export async function getPaymentStatus(
  id: string,
  signal?: AbortSignal,
): Promise<PaymentStatusResponse> {
  const { data } = await cookieClient.get<unknown>(
    `/api/payments/status/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return paymentStatusResponse.parse(data);
}
