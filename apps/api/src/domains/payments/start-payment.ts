import { randomUUID } from 'node:crypto';
import {
  describePlanType,
  type PaymentCurrency,
  type PaymentProvider,
  type PlanType,
  providerCurrency,
} from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { Catalogue } from '../billing/catalogue.ts';
import { hasActivePro, type TierSubject } from '../billing/entitlements.ts';
import { isWholeMinor, toMinor } from '../billing/money.ts';
import { paymentWindowMs, type PaymentRow } from './payment.ts';
import { isUniqueViolation, type PaymentsRepository } from './payments.repository.ts';
import { newTxnRef } from './txn-ref.ts';

export const startPaymentTexts = {
  currency: { vnpay: 'VNPay charges in VND', paypal: 'PayPal charges in USD' },
  amount: 'The amount does not match the price of this plan',
  godmodeNeedsPro: 'GodMode needs an active Pro plan',
  keyReused: 'This payment request was already used with different details',
  keyFinished: 'This payment request is finished; start a new payment',
  keyInProgress: 'This payment request is still being started; try again in a moment',
  providerDown: 'The payment provider could not be reached. Please try again later.',
} as const;

export interface StartPaymentInput {
  userId: string;
  provider: PaymentProvider;
  planType: PlanType;
  /** What the client believes the price is (major units): only checked, never charged. */
  amount: number;
  currency: string;
  clientTransactionId?: string;
  description: string;
  ip: string;
}

export interface Initiated {
  redirectUrl: string;
  providerOrderId?: string;
  vnpCreateDate?: string;
}

export interface StartedPayment {
  payment: PaymentRow;
  redirectUrl: string;
  /** True when an earlier request with the same clientTransactionId is answered again. */
  replayed: boolean;
}

/** The request's identity under one idempotency key (Stripe's rule: a key with other params is an error). */
function fingerprintOf(
  provider: PaymentProvider,
  planType: PlanType,
  amountMinor: number,
  currency: string,
) {
  return `${provider}|${planType}|${amountMinor}|${currency}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a payment attempt (payments.md §1.10, §3.3, §3.7): the price comes from the catalogue
 * alone, the client's amount and currency are a consistency check; clientTransactionId makes a
 * double click return the same attempt and URL instead of a second charge.
 */
export function createPaymentStarter(deps: {
  repository: PaymentsRepository;
  catalogue: Catalogue;
  findUser: (userId: string) => Promise<TierSubject | null>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}) {
  const { repository, log } = deps;

  /** An earlier request under the same key: its answer again, or why not. */
  async function replay(existing: PaymentRow, fingerprint: string): Promise<StartedPayment> {
    if (existing.requestFingerprint !== fingerprint) {
      throw new HttpError(409, startPaymentTexts.keyReused);
    }
    let payment: PaymentRow | null = existing;
    // A concurrent first request may still be talking to the provider: wait for its URL briefly.
    for (let tries = 0; payment?.status === 'created' && tries < 20; tries += 1) {
      await sleep(100);
      payment = await repository.findById(existing.id);
    }
    if (payment === null || payment.status === 'created') {
      throw new HttpError(409, startPaymentTexts.keyInProgress);
    }
    const open = payment.status === 'pending' && payment.expiresAt > deps.now();
    if (!open || payment.redirectUrl === null) {
      throw new HttpError(409, startPaymentTexts.keyFinished);
    }
    return { payment, redirectUrl: payment.redirectUrl, replayed: true };
  }

  return {
    async start(
      input: StartPaymentInput,
      initiate: (payment: PaymentRow) => Promise<Initiated>,
    ): Promise<StartedPayment> {
      const currency: PaymentCurrency = providerCurrency[input.provider];
      if (input.currency !== currency) {
        throw new HttpError(422, startPaymentTexts.currency[input.provider]);
      }
      const priceMinor = deps.catalogue.priceMinor(input.planType, currency);
      if (!isWholeMinor(input.amount, currency) || toMinor(input.amount, currency) !== priceMinor) {
        log.warn(
          {
            event: 'payment_amount_refused',
            userId: input.userId,
            planType: input.planType,
            sent: input.amount,
            priceMinor,
            currency,
          },
          'payment refused: the amount sent is not the catalogue price',
        );
        throw new HttpError(422, startPaymentTexts.amount);
      }
      if (!describePlanType(input.planType).pro) {
        const user = await deps.findUser(input.userId);
        if (user === null || !hasActivePro(user, deps.now())) {
          throw new HttpError(403, startPaymentTexts.godmodeNeedsPro);
        }
      }

      const fingerprint = fingerprintOf(input.provider, input.planType, priceMinor, currency);
      const key = input.clientTransactionId ?? null;
      if (key !== null) {
        const existing = await repository.findByClientTxnId(input.userId, key);
        if (existing) return replay(existing, fingerprint);
      }

      const now = deps.now();
      let created: PaymentRow;
      try {
        created = await repository.insert({
          id: randomUUID(),
          userId: input.userId,
          provider: input.provider,
          txnRef: newTxnRef(now),
          clientTxnId: key,
          requestFingerprint: key === null ? null : fingerprint,
          planType: input.planType,
          amountMinor: priceMinor,
          currency,
          // The provider's own window: after it the provider refuses the payment too.
          expiresAt: new Date(now.getTime() + paymentWindowMs[input.provider]),
          now,
        });
      } catch (error) {
        // Two requests with the same key at once: the unique index let one in; answer like it.
        if (key === null || !isUniqueViolation(error)) throw error;
        const winner = await repository.findByClientTxnId(input.userId, key);
        if (!winner) throw error;
        return replay(winner, fingerprint);
      }

      let initiated: Initiated;
      try {
        initiated = await initiate(created);
      } catch (error) {
        log.error(
          {
            err: error,
            event: 'payment_initiate_failed',
            paymentId: created.id,
            provider: input.provider,
          },
          'the payment provider refused or could not be reached',
        );
        await repository.transition(
          created.id,
          ['created'],
          { status: 'failed', reason: 'other' },
          deps.now(),
        );
        throw new HttpError(502, startPaymentTexts.providerDown);
      }
      const pending = await repository.setRedirect(created.id, initiated.redirectUrl, {
        ...(initiated.providerOrderId === undefined
          ? {}
          : { providerOrderId: initiated.providerOrderId }),
        ...(initiated.vnpCreateDate === undefined
          ? {}
          : { vnpCreateDate: initiated.vnpCreateDate }),
        now: deps.now(),
      });
      log.info(
        {
          event: 'payment_started',
          paymentId: created.id,
          provider: input.provider,
          planType: input.planType,
        },
        'payment started',
      );
      return {
        payment: pending ?? (await repository.findById(created.id)) ?? created,
        redirectUrl: initiated.redirectUrl,
        replayed: false,
      };
    },
  };
}

export type PaymentStarter = ReturnType<typeof createPaymentStarter>;
