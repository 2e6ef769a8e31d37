import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { PaymentApplier } from './apply-result.ts';
import type { PaymentRow } from './payment.ts';
import type { PaypalService } from './paypal/paypal.service.ts';
import type { PaymentResolver } from './reconciliation.ts';

export const cancelPaymentTexts = {
  notOpen: 'This payment has already ended and cannot be cancelled.',
} as const;

/**
 * The owner gives up a payment still open in their history. The provider is asked first, so
 * money taken meanwhile is applied rather than cancelled away (a payment that turns out paid
 * comes back paid); a provider that cannot be asked does not keep the payment open, because
 * money arriving after the cancel still reaches the applier (held for review, never dropped).
 */
export function createPaymentCanceller(deps: {
  applier: PaymentApplier;
  vnpayRefresh: PaymentResolver;
  paypal: PaypalService | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const isOpen = (payment: PaymentRow) =>
    payment.status === 'created' || payment.status === 'pending';

  return async function cancel(userId: string, payment: PaymentRow): Promise<PaymentRow> {
    if (!isOpen(payment)) throw new HttpError(409, cancelPaymentTexts.notOpen);
    if (payment.provider === 'paypal' && deps.paypal && payment.providerOrderId !== null) {
      // PayPal's own cancel path reads the order first and applies a capture it finds.
      return deps.paypal.cancel(userId, {
        orderId: payment.providerOrderId,
        txnRef: payment.txnRef,
      });
    }
    let current = payment;
    if (payment.provider === 'vnpay') {
      try {
        current = await deps.vnpayRefresh(payment);
      } catch (error) {
        deps.log.warn(
          { err: error, event: 'vnpay_cancel_unverified', paymentId: payment.id },
          'could not ask VNPay before cancelling; cancelling anyway',
        );
      }
    }
    if (!isOpen(current)) return current;
    const outcome = await deps.applier.applyResult(current.id, {
      kind: 'cancelled',
      reason: 'cancelled',
      payload: { cancelledBy: 'owner' },
    });
    return outcome.payment;
  };
}

export type PaymentCanceller = ReturnType<typeof createPaymentCanceller>;
