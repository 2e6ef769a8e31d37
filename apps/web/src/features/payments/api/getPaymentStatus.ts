import { paymentStatusResponse, type PaymentStatusResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** §7 GET api/payments/status/{id}. */
export async function getPaymentStatus(id: string): Promise<PaymentStatusResponse> {
  const { data } = await cookieClient.get<unknown>(
    `/api/payments/status/${encodeURIComponent(id)}`,
  );
  return paymentStatusResponse.parse(data);
}
