import type { PaymentStatusResponse, PaypalCaptureRequest, PaymentRecord } from '@studio/contracts';
import type { KeyValueStore } from '../../../lib/storage';
import { transactionIdFrom } from '../transactionId';

/**
 * What /payment/callback does with the URL the provider sent the payer back with (§7 payment
 * flow). The server's return URLs carry `provider`; VNPay appends its signed vnp_* parameters,
 * PayPal its `token` (the order id) and `PayerID`, or our `cancelled=1` on the cancel URL.
 */
export type ReturnAction =
  | { kind: 'vnpayCallback'; parameters: Record<string, string> }
  | { kind: 'paypalCapture'; request: PaypalCaptureRequest }
  | { kind: 'paypalCancel'; request: PaypalCaptureRequest }
  | { kind: 'status'; id: string }
  | { kind: 'missing' };

function hasVnpayParameters(search: URLSearchParams): boolean {
  for (const name of search.keys()) if (name.startsWith('vnp_')) return true;
  return false;
}

function paypalRequest(search: URLSearchParams): PaypalCaptureRequest | null {
  const orderId = search.get('token')?.trim();
  const txnRef = search.get('txnRef')?.trim();
  return orderId && txnRef ? { orderId, txnRef } : null;
}

export function returnActionFrom(search: URLSearchParams, store: KeyValueStore): ReturnAction {
  const provider = search.get('provider');
  // A VNPay return is recognised by its own parameters too, in case a return URL lacks ours.
  if ((provider === 'vnpay' || provider === null) && hasVnpayParameters(search)) {
    // Every parameter goes to the server: it checks the signature over the vnp_* ones itself.
    return { kind: 'vnpayCallback', parameters: Object.fromEntries(search.entries()) };
  }
  if (provider === 'paypal') {
    const request = paypalRequest(search);
    if (request) {
      return search.get('cancelled') === '1'
        ? { kind: 'paypalCancel', request }
        : { kind: 'paypalCapture', request };
    }
  }
  // Nothing to hand to a provider endpoint: only ask where the payment stands.
  const id = transactionIdFrom(search, store);
  return id ? { kind: 'status', id } : { kind: 'missing' };
}

/** The calls the page makes; the API's by default, doubles in stories and tests. */
export interface PaymentReturnApi {
  postVnpayCallback(parameters: Record<string, string>): Promise<PaymentStatusResponse>;
  capturePaypalPayment(request: PaypalCaptureRequest): Promise<PaymentStatusResponse>;
  cancelPaypalPayment(request: PaypalCaptureRequest): Promise<PaymentStatusResponse>;
  getPaymentStatus(id: string): Promise<PaymentStatusResponse>;
}

/** Which §8 wrapper text a failure of this action shows. */
export function failureWrapper(action: ReturnAction): 'callback' | 'status' {
  return action.kind === 'status' ? 'status' : 'callback';
}

export function runReturnAction(
  action: Exclude<ReturnAction, { kind: 'missing' }>,
  api: PaymentReturnApi,
): Promise<PaymentStatusResponse> {
  switch (action.kind) {
    case 'vnpayCallback':
      return api.postVnpayCallback(action.parameters);
    case 'paypalCapture':
      return api.capturePaypalPayment(action.request);
    case 'paypalCancel':
      return api.cancelPaypalPayment(action.request);
    case 'status':
      return api.getPaymentStatus(action.id);
  }
}

/** What the page shows for a payment. */
export type ReturnView = 'completed' | 'pending' | 'failed' | 'cancelled';

/**
 * A PayPal INSTRUMENT_DECLINED leaves the order open (so `pending`) with a URL to pick another
 * funding source: for the payer that is a failure with a way out, not a wait.
 */
export function viewOf(
  payment: Pick<PaymentRecord, 'outcome' | 'reason' | 'retryUrl'>,
): ReturnView {
  if (payment.reason === 'declined' && payment.retryUrl) return 'failed';
  return payment.outcome;
}
