import {
  paymentStatusResponse,
  type PaymentStatusResponse,
  type PaypalCaptureRequest,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/**
 * §7 POST api/payments/vnpay/callback with VNPay's return parameters as an object. The server
 * verifies their signature and asks VNPay itself before anything changes. Failures are shown as
 * PAYMENT_ERRORS.callback (§8).
 */
export async function postVnpayCallback(
  parameters: Record<string, string>,
): Promise<PaymentStatusResponse> {
  const { data } = await cookieClient.post<unknown>('/api/payments/vnpay/callback', parameters);
  return paymentStatusResponse.parse(data);
}

/**
 * The POST form of §7's GET api/payments/paypal/capture?orderId=&txnRef= (a state change does not
 * belong on a GET). Idempotent: calling it twice captures once. orderId is PayPal's `token`.
 */
export async function capturePaypalPayment(
  request: PaypalCaptureRequest,
): Promise<PaymentStatusResponse> {
  const { data } = await cookieClient.post<unknown>('/api/payments/paypal/capture', request);
  return paymentStatusResponse.parse(data);
}

/** The payer cancelled on PayPal: the payment is marked cancelled unless it already ended. */
export async function cancelPaypalPayment(
  request: PaypalCaptureRequest,
): Promise<PaymentStatusResponse> {
  const { data } = await cookieClient.post<unknown>('/api/payments/paypal/cancel', request);
  return paymentStatusResponse.parse(data);
}
