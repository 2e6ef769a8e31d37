import { type PaypalCreateRequest, type VnpayCreateRequest } from '@studio/contracts';
import { z } from 'zod';
import { cookieClient } from '../../../lib/api/clients';

/** What a create call gives back, whichever spelling the server used (§3 Payment create response). */
export interface CreatedPayment {
  /** Where to send the browser: VNPay's payment URL or PayPal's approval URL. */
  redirectUrl: string;
  transactionRef: string;
  orderId: string;
}

/**
 * A create answer read in either spelling (§3: paymentUrl or PaymentUrl, approvalUrl or
 * ApprovalUrl, …), `urlKey` naming where the provider's URL is.
 */
function createAnswer(urlKey: 'paymentUrl' | 'approvalUrl') {
  const pascal = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);
  const keys = [urlKey, 'transactionRef', 'orderId'] as const;
  return z.record(z.string(), z.unknown()).transform((answer, context): CreatedPayment => {
    const [redirectUrl, transactionRef, orderId] = keys.map((key) => {
      const value = answer[key] ?? answer[pascal(key)];
      return typeof value === 'string' && value ? value : null;
    });
    if (!redirectUrl || !transactionRef || !orderId) {
      context.addIssue({ code: 'custom', message: 'The payment answer is incomplete' });
      return z.NEVER;
    }
    return { redirectUrl, transactionRef, orderId };
  });
}

const vnpayAnswer = createAnswer('paymentUrl');
const paypalAnswer = createAnswer('approvalUrl');

/** §7 POST api/payments/vnpay/create. Failures are shown as PAYMENT_ERRORS.vnpayInit (§8). */
export async function createVnpayPayment(request: VnpayCreateRequest): Promise<CreatedPayment> {
  const { data } = await cookieClient.post<unknown>('/api/payments/vnpay/create', request);
  return vnpayAnswer.parse(data);
}

/** §7 POST api/payments/paypal/create. Failures are shown as PAYMENT_ERRORS.paypalInit (§8). */
export async function createPaypalPayment(request: PaypalCreateRequest): Promise<CreatedPayment> {
  const { data } = await cookieClient.post<unknown>('/api/payments/paypal/create', request);
  return paypalAnswer.parse(data);
}
