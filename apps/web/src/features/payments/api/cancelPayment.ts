import { paymentStatusResponse, type PaymentStatusResponse } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { invalidateMembership } from './getMembership';

/**
 * POST api/payments/{id}/cancel: the owner gives up a payment still open in their history. The
 * server asks the provider first, so the answer may be a payment that turned out paid. The
 * membership (history and plan) is read again either way.
 */
export async function cancelPayment(orderId: string): Promise<PaymentStatusResponse> {
  const { data } = await cookieClient.post<unknown>(
    `/api/payments/${encodeURIComponent(orderId)}/cancel`,
    {},
  );
  const payment = paymentStatusResponse.parse(data);
  invalidateMembership();
  return payment;
}
