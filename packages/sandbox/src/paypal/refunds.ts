import type { SandboxResponse } from '../exchange.ts';
import { resourceNotFound, unprocessable } from './errors.ts';
import type { Money } from './order-request.ts';
import { type Capture, fromCents, paypalId, paypalTime, toCents, type Urls } from './orders.ts';

/** Refunds of a capture (payments.md §2.9): partial or the whole remaining amount. */

export interface Refund {
  id: string;
  captureId: string;
  amount: Money;
  createTime: string;
}

/**
 * Refunds `amount` (the whole remainder when omitted) of a capture, updating it, or PayPal's
 * 404/422 answer for a capture that cannot be refunded that way.
 */
export function applyRefund(
  capture: Capture | undefined,
  captureId: string,
  amount: Money | undefined,
  now: Date,
): { refund: Refund } | { error: SandboxResponse } {
  if (!capture) return { error: resourceNotFound('capture_id', captureId) };
  const refuse = (issue: string, description: string) => ({
    error: unprocessable([{ issue, description }]),
  });
  if (capture.status === 'PENDING') {
    return refuse('PENDING_CAPTURE', 'Cannot initiate a refund as the capture is pending.');
  }
  if (capture.status === 'REFUNDED') {
    return refuse('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
  }
  const captured = toCents(capture.amount.value);
  const remaining = captured - capture.refundedCents;
  if (amount && amount.currency_code !== capture.amount.currency_code) {
    return refuse(
      'REFUND_CAPTURE_CURRENCY_MISMATCH',
      'Refund must be in the same currency as the capture.',
    );
  }
  if (amount && !/^\d+(\.\d{1,2})?$/.test(amount.value)) {
    return refuse(
      'DECIMAL_PRECISION',
      'If the currency supports decimals, only two decimal place precision is supported.',
    );
  }
  const cents = amount ? toCents(amount.value) : remaining;
  if (cents <= 0 || cents > remaining) {
    return refuse(
      'REFUND_AMOUNT_EXCEEDED',
      'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
    );
  }
  capture.refundedCents += cents;
  capture.status = capture.refundedCents >= captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  capture.updateTime = paypalTime(now);
  return {
    refund: {
      id: paypalId(),
      captureId,
      amount: { currency_code: capture.amount.currency_code, value: fromCents(cents) },
      createTime: capture.updateTime,
    },
  };
}

/** The refund as PayPal shows it; `up` links back to the capture. */
export function refundResource(urls: Urls, refund: Refund, capture: Capture | null) {
  return {
    id: refund.id,
    amount: { ...refund.amount },
    ...(capture?.invoiceId != null ? { invoice_id: capture.invoiceId } : {}),
    ...(capture?.customId != null ? { custom_id: capture.customId } : {}),
    seller_payable_breakdown: {
      gross_amount: { ...refund.amount },
      paypal_fee: { currency_code: refund.amount.currency_code, value: '0.00' },
      net_amount: { ...refund.amount },
      total_refunded_amount: {
        currency_code: refund.amount.currency_code,
        value: fromCents(capture?.refundedCents ?? toCents(refund.amount.value)),
      },
    },
    status: 'COMPLETED',
    create_time: refund.createTime,
    update_time: refund.createTime,
    links: [
      { href: `${urls.api}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${urls.api}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}
