import {
  type MembershipSummary,
  outcomeOf,
  type PaymentCurrency,
  type PaymentProvider,
  type PaymentReason,
  type PaymentRecord,
  type PaymentState,
  type PlanType,
} from '@studio/contracts';
import { fromMinor } from '../billing/money.ts';
import { type TierSubject, tierOf } from '../billing/entitlements.ts';

/** One payment attempt as the services see it; only the repository knows the row. */
export interface PaymentRow {
  id: string;
  userId: string;
  provider: PaymentProvider;
  txnRef: string;
  clientTxnId: string | null;
  requestFingerprint: string | null;
  providerOrderId: string | null;
  providerTxnId: string | null;
  planType: PlanType;
  /** Cents or đồng. */
  amountMinor: number;
  currency: PaymentCurrency;
  status: PaymentState;
  reason: PaymentReason | null;
  redirectUrl: string | null;
  vnpCreateDate: string | null;
  expiresAt: Date;
  paidAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  details: Record<string, unknown> | null;
}

/**
 * How long a provider lets a payer finish a payment once it is started, and so when an unpaid
 * attempt expires here too (payments.md §1.3, §2.4): VNPay, the vnp_ExpireDate we sign (creation
 * + 15 minutes, as VNPay's own demos set it); PayPal, the 3 hours an order waits for the payer's
 * approval. Until then the payer can go back to the provider's page and finish.
 */
export const paymentWindowMs: Readonly<Record<PaymentProvider, number>> = {
  vnpay: 15 * 60_000,
  paypal: 3 * 3_600_000,
};

/** States no provider message moves out of by itself (refunds and reviews aside). */
export const finalStates: readonly PaymentState[] = [
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'partially_refunded',
  'reversed',
];

export function isFinal(status: PaymentState): boolean {
  return finalStates.includes(status);
}

/**
 * The owner's view of a payment. An open payment whose provider still takes it (within its
 * window) carries the provider's page again, to finish paying: VNPay's signed link, PayPal's
 * approval (also after INSTRUMENT_DECLINED, to approve with another card).
 */
export function toPaymentRecord(payment: PaymentRow, now: Date): PaymentRecord {
  const retryable = payment.status === 'pending' && payment.expiresAt > now;
  return {
    orderId: payment.id,
    transactionRef: payment.txnRef,
    provider: payment.provider,
    planType: payment.planType,
    amount: fromMinor(payment.amountMinor, payment.currency),
    currency: payment.currency,
    status: payment.status,
    outcome: outcomeOf(payment.status),
    reason: payment.reason,
    providerTransactionId:
      payment.providerTxnId === null || payment.providerTxnId === '0'
        ? null
        : payment.providerTxnId,
    retryUrl: retryable ? payment.redirectUrl : null,
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt?.toISOString() ?? null,
  };
}

/** The account's plan now: what the callback page and /membership show. */
export function membershipSummaryOf(user: TierSubject, now: Date): MembershipSummary {
  const tier = tierOf(user, now);
  const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);
  const proActive = tier !== 'free';
  return {
    subscriptionTier: proActive ? 'pro' : 'free',
    proUntil: proActive ? iso(user.proUntil) : null,
    godmodeUntil: tier === 'godmode' ? iso(user.godmodeUntil) : null,
    tier,
  };
}
