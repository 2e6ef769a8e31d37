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
      for (const candidate of stale) {
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
            continue;
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
      if (summary.queried + summary.expired + summary.failed > 0) {
        deps.log.info({ event: 'payments_reconciled', ...summary }, 'payments reconciled');
      }
      return summary;
    },
  };
}

export type Reconciliation = ReturnType<typeof createReconciliation>;
