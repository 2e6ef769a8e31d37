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

/** The owner's view of a payment. */
export function toPaymentRecord(payment: PaymentRow): PaymentRecord {
  // PayPal after INSTRUMENT_DECLINED: the same order may be approved again with another card.
  const retryable =
    payment.provider === 'paypal' && payment.status === 'pending' && payment.reason === 'declined';
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
