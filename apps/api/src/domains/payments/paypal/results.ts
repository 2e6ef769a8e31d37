import type { PaymentReason } from '@studio/contracts';
import type { VerifiedResult } from '../apply-result.ts';
import { PaypalApiError } from './client.ts';
import { type PaypalCapture, type PaypalOrder, capturesOf } from './schemas.ts';

/**
 * What PayPal's answers mean for a payment (payments.md §2.4–§2.6, §3.3). Pure: the service
 * feeds it orders and captures that came from our own authenticated calls to PayPal (or a
 * verified webhook followed by such a call), and hands the verdict to applyResult.
 */

/** What the payment row says we expect PayPal to have charged. */
export interface ExpectedCharge {
  paymentId: string;
  amountMinor: number;
  currency: string;
}

/** "19.99" → 1999 cents; undefined for anything that is not a plain USD amount. */
export function usdValueToCents(value: string): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** The capture's own record of what happened, kept with the payment (no secrets in it). */
function detailsOf(capture: PaypalCapture): Record<string, unknown> {
  return {
    captureStatus: capture.status,
    ...(capture.status_details?.reason ? { statusReason: capture.status_details.reason } : {}),
    ...(capture.amount ? { amount: capture.amount } : {}),
    ...(capture.invoice_id ? { invoiceId: capture.invoice_id } : {}),
    ...(capture.create_time ? { createTime: capture.create_time } : {}),
  };
}

/** What a capture means once money may have moved: COMPLETED is the only state that grants. */
export function resultOfCapture(capture: PaypalCapture, expected: ExpectedCharge): VerifiedResult {
  const details = detailsOf(capture);
  const payload = capture;
  // custom_id binds PayPal's capture to our row; PayPal copies it from the purchase unit.
  if (capture.custom_id !== undefined && capture.custom_id !== expected.paymentId) {
    return { kind: 'needs_review', reason: 'other', providerTxnId: capture.id, details, payload };
  }
  switch (capture.status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED': {
      // Money was taken (a refund is applied afterwards as a reversal, never instead).
      const cents = capture.amount ? usdValueToCents(capture.amount.value) : undefined;
      if (
        cents === undefined ||
        capture.amount?.currency_code !== 'USD' ||
        expected.currency !== 'USD' ||
        cents !== expected.amountMinor
      ) {
        return {
          kind: 'needs_review',
          reason: 'amount_mismatch',
          providerTxnId: capture.id,
          details,
          payload,
        };
      }
      const paidAt = Date.parse(capture.create_time ?? capture.update_time ?? '');
      return {
        kind: 'succeeded',
        providerTxnId: capture.id,
        amountMinor: cents,
        currency: 'USD',
        paidAt: Number.isNaN(paidAt) ? new Date() : new Date(paidAt),
        details,
        payload,
      };
    }
    case 'DECLINED':
    case 'FAILED':
      return { kind: 'failed', reason: 'declined', providerTxnId: capture.id, details, payload };
    default:
      // PENDING (eCheck, review...) or a status PayPal added later: wait for the webhook.
      return { kind: 'pending', details, payload };
  }
}

/** A capture's refund state, applied after the capture's result. */
export function reversalOfCapture(
  capture: PaypalCapture,
): 'refunded' | 'partially_refunded' | undefined {
  if (capture.status === 'REFUNDED') return 'refunded';
  if (capture.status === 'PARTIALLY_REFUNDED') return 'partially_refunded';
  return undefined;
}

export type OrderVerdict =
  /** The order holds a capture: apply what it says. */
  | { kind: 'capture'; capture: PaypalCapture }
  /** Approved by the payer, not captured yet: capture it now. */
  | { kind: 'approved' }
  /** The payer has not approved yet (or PayPal is still working): nothing to change. */
  | { kind: 'waiting' }
  | { kind: 'final'; result: VerifiedResult };

/** Reads an order fetched with GET (or returned by capture). */
export function verdictOfOrder(order: PaypalOrder): OrderVerdict {
  const captures = capturesOf(order);
  // We create one purchase unit and capture it once; a completed one wins over a declined retry.
  const capture =
    captures.find((c) => c.status !== 'DECLINED' && c.status !== 'FAILED') ?? captures[0];
  if (capture) return { kind: 'capture', capture };
  switch (order.status) {
    case 'APPROVED':
      return { kind: 'approved' };
    case 'VOIDED':
      return { kind: 'final', result: { kind: 'cancelled', reason: 'cancelled', payload: order } };
    default:
      return { kind: 'waiting' };
  }
}

export type CaptureRefusal =
  /** ORDER_ALREADY_CAPTURED: someone captured it (a retry without our key): read the order. */
  | { kind: 'read_order' }
  /** Still pending; `sendBack` when the payer must go back to PayPal's approval page. */
  | { kind: 'pending'; reason?: PaymentReason; sendBack: boolean }
  | { kind: 'final'; result: VerifiedResult };

/** What a refused capture means; undefined when it is not a business refusal (a 502 then). */
export function verdictOfCaptureError(error: unknown): CaptureRefusal | undefined {
  if (!(error instanceof PaypalApiError)) return undefined;
  const payload = {
    status: error.status,
    name: error.errorName,
    issue: error.issue,
    debugId: error.debugId,
  };
  if (error.status === 404) {
    // RESOURCE_NOT_FOUND: the order expired at PayPal (3 h to approve) or never existed.
    return { kind: 'final', result: { kind: 'expired', reason: 'expired', payload } };
  }
  switch (error.issue) {
    case 'ORDER_ALREADY_CAPTURED':
      return { kind: 'read_order' };
    case 'INSTRUMENT_DECLINED':
      // PayPal's guidance: send the payer back to choose another funding source.
      return { kind: 'pending', reason: 'declined', sendBack: true };
    case 'ORDER_NOT_APPROVED':
    case 'PAYER_ACTION_REQUIRED':
      return { kind: 'pending', sendBack: true };
    case 'ORDER_COMPLETION_IN_PROGRESS':
      return { kind: 'pending', sendBack: false };
    case 'TRANSACTION_REFUSED':
    case 'PAYER_CANNOT_PAY':
      return { kind: 'final', result: { kind: 'failed', reason: 'declined', payload } };
    case 'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED':
      return { kind: 'final', result: { kind: 'failed', reason: 'limit_exceeded', payload } };
    case 'ORDER_EXPIRED':
      return { kind: 'final', result: { kind: 'expired', reason: 'expired', payload } };
    default:
      return undefined;
  }
}
