import type { PaymentCurrency, PaymentReason, PaymentState } from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseDriver } from '../../db/migrations/migration-factory.ts';
import type { Tables } from '../../db/tables.ts';
import { planMonths } from '../billing/catalogue.ts';
import { hasActivePro } from '../billing/entitlements.ts';
import { createGrantsRepository, type GrantsRepository } from '../billing/grants.repository.ts';
import { entitlementTimeline } from '../billing/timeline.ts';
import type { PaymentRow } from './payment.ts';
import { createPaymentsRepository, type PaymentsRepository } from './payments.repository.ts';

/**
 * A provider's answer about one payment, already verified (a checked VNPay signature, a
 * querydr answer whose hash was checked, PayPal's own API over TLS, a verified webhook).
 * Unverified data never becomes one of these.
 */
export type VerifiedResult =
  | {
      kind: 'succeeded';
      providerTxnId: string;
      amountMinor: number;
      currency: PaymentCurrency;
      paidAt: Date;
      details?: Record<string, unknown>;
      payload?: unknown;
    }
  | {
      kind: 'pending';
      reason?: PaymentReason;
      details?: Record<string, unknown>;
      payload?: unknown;
    }
  | {
      kind: 'needs_review';
      reason: PaymentReason;
      providerTxnId?: string;
      details?: Record<string, unknown>;
      payload?: unknown;
    }
  | {
      kind: 'failed' | 'cancelled' | 'expired';
      reason: PaymentReason;
      providerTxnId?: string;
      details?: Record<string, unknown>;
      payload?: unknown;
    };

export interface ApplyOutcome {
  /** The payment as it is after the call (unchanged when `changed` is false). */
  payment: PaymentRow;
  /** Whether this call changed the payment's state. */
  changed: boolean;
  /** Whether this call created the entitlement grant. */
  granted: boolean;
  /** The provider's amount or currency differs from the payment's: nothing was changed. */
  mismatch?: 'amount' | 'currency';
}

export class PaymentNotFoundError extends Error {
  constructor(readonly paymentId: string) {
    super(`Payment ${paymentId} does not exist`);
    this.name = 'PaymentNotFoundError';
  }
}

/** Money may still arrive for these: a success settles them (expired = late money, §3.5). */
const payableStates: readonly PaymentState[] = ['created', 'pending', 'needs_review', 'expired'];
/** A provider's non-success answer moves only an open payment. */
const openStates: readonly PaymentState[] = ['created', 'pending'];
const refundableStates: readonly PaymentState[] = ['succeeded', 'partially_refunded'];

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * THE one way a payment's state changes because of a provider (IPN, return, capture, webhook,
 * reconciliation): payments.md §3.2. Each call is one transaction: a conditional state change
 * (only from the states listed above, so of concurrent callers exactly one wins), the grant
 * (one per payment, enforced by a unique index) and the user's Pro/GodMode ends recomputed
 * from all their grants.
 */
export function createPaymentApplier(deps: {
  db: Kysely<Tables>;
  driver: DatabaseDriver;
  now: () => Date;
  log: Log;
}) {
  const { log } = deps;

  async function recomputeEnds(grants: GrantsRepository, userId: string, now: Date) {
    const ends = entitlementTimeline(await grants.forUser(userId), now);
    await grants.setEnds(userId, ends, now);
  }

  async function current(payments: PaymentsRepository, paymentId: string): Promise<PaymentRow> {
    const payment = await payments.findById(paymentId);
    if (!payment) throw new PaymentNotFoundError(paymentId);
    return payment;
  }

  async function applySuccess(
    payments: PaymentsRepository,
    grants: GrantsRepository,
    payment: PaymentRow,
    result: Extract<VerifiedResult, { kind: 'succeeded' }>,
    now: Date,
  ): Promise<ApplyOutcome> {
    const mismatch =
      result.currency !== payment.currency
        ? 'currency'
        : result.amountMinor !== payment.amountMinor
          ? 'amount'
          : undefined;
    if (mismatch) {
      log.error(
        {
          event: 'payment_amount_mismatch',
          alert: true,
          paymentId: payment.id,
          provider: payment.provider,
          expected: { amountMinor: payment.amountMinor, currency: payment.currency },
          received: { amountMinor: result.amountMinor, currency: result.currency },
        },
        'ALERT: a provider reported a payment with a different amount or currency; nothing granted',
      );
      return { payment, changed: false, granted: false, mismatch };
    }

    // One provider transaction settles one payment: a second claim is a bug or an attack.
    const claimedBy = await payments.findOtherByProviderTxn(
      payment.provider,
      result.providerTxnId,
      payment.id,
    );
    if (claimedBy !== null && result.providerTxnId !== '0') {
      log.error(
        {
          event: 'payment_txn_reused',
          alert: true,
          paymentId: payment.id,
          claimedBy: claimedBy.id,
        },
        'ALERT: a provider transaction already settled another payment; held for review',
      );
      const held = await payments.transition(
        payment.id,
        openStates,
        { status: 'needs_review', reason: 'other', payload: result.payload },
        now,
      );
      return { payment: held ?? payment, changed: held !== null, granted: false };
    }

    if (payment.status === 'failed' || payment.status === 'cancelled') {
      // Money for an attempt we had closed: a person decides (refund or grant), never silence.
      log.error(
        { event: 'payment_success_after_failure', alert: true, paymentId: payment.id },
        'ALERT: success reported for a payment already closed as failed; held for review',
      );
      const held = await payments.transition(
        payment.id,
        ['failed', 'cancelled'],
        {
          status: 'needs_review',
          reason: 'other',
          providerTxnId: result.providerTxnId,
          payload: result.payload,
        },
        now,
      );
      return { payment: held ?? payment, changed: held !== null, granted: false };
    }

    const settled = await payments.transition(
      payment.id,
      payableStates,
      {
        status: 'succeeded',
        reason: null,
        providerTxnId: result.providerTxnId,
        paidAt: result.paidAt,
        ...(result.details === undefined ? {} : { details: result.details }),
        ...(result.payload === undefined ? {} : { payload: result.payload }),
      },
      now,
    );
    if (settled === null) {
      // Someone else settled it first (or it was refunded since): nothing more to do.
      return { payment: await current(payments, payment.id), changed: false, granted: false };
    }
    if (payment.status === 'expired') {
      log.warn(
        { event: 'payment_late_success', paymentId: payment.id },
        'money arrived after the payment had expired; honoured (payments.md §3.5)',
      );
    }

    await grants.lockUser(payment.userId);
    const months = planMonths(payment.planType);
    if (months.pro === 0) {
      // GodMode alone was only sold with an active Pro; it is honoured either way (money taken).
      const ends = await grants.endsOf(payment.userId);
      if (!hasActivePro({ subscriptionTier: 'free', ...ends }, now)) {
        log.warn(
          { event: 'godmode_without_pro', paymentId: payment.id },
          'GodMode add-on paid while Pro is not active; granted anyway',
        );
      }
    }
    const granted = await grants.insert({
      userId: payment.userId,
      paymentId: payment.id,
      proMonths: months.pro,
      godmodeMonths: months.godmode,
      grantedAt: now,
    });
    if (granted) await recomputeEnds(grants, payment.userId, now);
    log.info(
      { event: 'payment_succeeded', paymentId: payment.id, planType: payment.planType, granted },
      'payment succeeded',
    );
    return { payment: settled, changed: true, granted };
  }

  async function applyOther(
    payments: PaymentsRepository,
    payment: PaymentRow,
    result: Exclude<VerifiedResult, { kind: 'succeeded' }>,
    now: Date,
  ): Promise<ApplyOutcome> {
    if (payment.status === 'succeeded' || payment.status === 'partially_refunded') {
      // Never downgrade a success because a later message says otherwise (§3.2.5).
      log.error(
        {
          event: 'payment_downgrade_refused',
          alert: true,
          paymentId: payment.id,
          kind: result.kind,
        },
        'ALERT: a provider message would undo a succeeded payment; ignored',
      );
      return { payment, changed: false, granted: false };
    }
    const reason = result.kind === 'pending' ? (result.reason ?? null) : result.reason;
    const providerTxnId = 'providerTxnId' in result ? result.providerTxnId : undefined;
    const updated = await payments.transition(
      payment.id,
      openStates,
      {
        status: result.kind,
        reason,
        ...(providerTxnId === undefined ? {} : { providerTxnId }),
        ...(result.details === undefined ? {} : { details: result.details }),
        ...(result.payload === undefined ? {} : { payload: result.payload }),
      },
      now,
    );
    if (updated === null) {
      return { payment: await current(payments, payment.id), changed: false, granted: false };
    }
    if (result.kind === 'needs_review') {
      log.warn(
        { event: 'payment_needs_review', paymentId: payment.id, reason },
        'payment held for manual review',
      );
    }
    const changed = updated.status !== payment.status || updated.reason !== payment.reason;
    return { payment: updated, changed, granted: false };
  }

  return {
    async applyResult(paymentId: string, result: VerifiedResult): Promise<ApplyOutcome> {
      return deps.db.transaction().execute(async (trx) => {
        const payments = createPaymentsRepository(trx);
        const grants = createGrantsRepository(trx, deps.driver);
        const payment = await current(payments, paymentId);
        const now = deps.now();
        return result.kind === 'succeeded'
          ? applySuccess(payments, grants, payment, result, now)
          : applyOther(payments, payment, result, now);
      });
    },

    /**
     * A refund or reversal the provider confirmed. Full refunds and reversals revoke the grant
     * (the timeline re-chains without it: the entitlement is shortened or ended); a partial
     * refund keeps it. The grant row keeps who and why (the audit record).
     */
    async applyReversal(
      paymentId: string,
      input: {
        kind: 'refunded' | 'partially_refunded' | 'reversed';
        reason: PaymentReason;
        actor: string;
        payload?: unknown;
      },
    ): Promise<ApplyOutcome> {
      return deps.db.transaction().execute(async (trx) => {
        const payments = createPaymentsRepository(trx);
        const grants = createGrantsRepository(trx, deps.driver);
        const payment = await current(payments, paymentId);
        const now = deps.now();
        const from =
          input.kind === 'partially_refunded' ? ['succeeded' as const] : refundableStates;
        const updated = await payments.transition(
          paymentId,
          from,
          {
            status: input.kind,
            reason: input.reason,
            ...(input.payload === undefined ? {} : { payload: input.payload }),
          },
          now,
        );
        if (updated === null) return { payment, changed: false, granted: false };
        if (input.kind !== 'partially_refunded') {
          await grants.lockUser(payment.userId);
          const userId = await grants.revoke(paymentId, {
            reason: input.reason,
            actor: input.actor,
            at: now,
          });
          if (userId !== null) await recomputeEnds(grants, userId, now);
        }
        log.warn(
          { event: 'payment_reversed', paymentId, kind: input.kind, actor: input.actor },
          'payment refunded or reversed',
        );
        return { payment: updated, changed: true, granted: false };
      });
    },
  };
}

export type PaymentApplier = ReturnType<typeof createPaymentApplier>;
