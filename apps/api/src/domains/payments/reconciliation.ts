import type { PaymentProvider } from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentApplier } from './apply-result.ts';
import type { PaymentRow } from './payment.ts';
import type { PaymentsRepository } from './payments.repository.ts';

/** Asks a provider how an open payment stands and applies the answer; returns the payment after. */
export type PaymentResolver = (payment: PaymentRow) => Promise<PaymentRow>;

export interface ReconcileSummary {
  queried: number;
  expired: number;
  failed: number;
}

/**
 * The sweeper (payments.md §3.5): payments pending for longer than `pendingQueryAfterSeconds`
 * are asked about at their provider (VNPay querydr, PayPal GET order) and the answer applied
 * through the one applier; those still open past `expires_at` with no money become expired.
 */
export function createReconciliation(deps: {
  repository: PaymentsRepository;
  applier: PaymentApplier;
  pendingQueryAfterSeconds: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}) {
  const resolvers = new Map<PaymentProvider, PaymentResolver>();

  /** Asks the provider about one open payment, then expires it if its window has closed. */
  async function settle(candidate: PaymentRow, now: Date, summary: ReconcileSummary) {
    let payment = candidate;
    const resolver = resolvers.get(payment.provider);
    if (resolver && payment.status === 'pending') {
      try {
        payment = await resolver(payment);
        summary.queried += 1;
      } catch (error) {
        summary.failed += 1;
        deps.log.warn(
          { err: error, paymentId: payment.id, provider: payment.provider },
          'reconciliation could not ask the provider',
        );
        // Money may have been taken: never expire what the provider could not confirm.
        return;
      }
    }
    if (
      (payment.status === 'created' || payment.status === 'pending') &&
      payment.expiresAt <= now
    ) {
      const outcome = await deps.applier.applyResult(payment.id, {
        kind: 'expired',
        reason: 'expired',
      });
      if (outcome.changed) summary.expired += 1;
    }
  }

  return {
    registerResolver(provider: PaymentProvider, resolver: PaymentResolver): void {
      resolvers.set(provider, resolver);
    },

    async reconcileOnce(now: Date): Promise<ReconcileSummary> {
      const summary: ReconcileSummary = { queried: 0, expired: 0, failed: 0 };
      const stale = await deps.repository.listStale(
        new Date(now.getTime() - deps.pendingQueryAfterSeconds * 1000),
        now,
      );
      for (const candidate of stale) await settle(candidate, now, summary);
      if (summary.queried + summary.expired + summary.failed > 0) {
        deps.log.info({ event: 'payments_reconciled', ...summary }, 'payments reconciled');
      }
      return summary;
    },

    /**
     * One user's payments whose provider window has closed, settled now rather than at the
     * job's next run: the history they are about to read never shows "Pending" for a payment
     * the provider no longer takes.
     */
    async settleOverdueFor(userId: string, now: Date): Promise<ReconcileSummary> {
      const summary: ReconcileSummary = { queried: 0, expired: 0, failed: 0 };
      const overdue = await deps.repository.listOverdueForUser(userId, now);
      for (const candidate of overdue) await settle(candidate, now, summary);
      return summary;
    },
  };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;
