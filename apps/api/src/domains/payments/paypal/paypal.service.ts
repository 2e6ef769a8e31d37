import type { LanguageCode, PlanType, PurchaseType } from '@studio/contracts';
import { purchaseTypeOf } from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../../http/errors.ts';
import { formatUsdValue } from '../../billing/money.ts';
import type { PaymentApplier, VerifiedResult } from '../apply-result.ts';
import type { PaymentRow } from '../payment.ts';
import type { PaypalConfig } from '../payments-config.ts';
import type { PaymentEventSource, PaymentsRepository } from '../payments.repository.ts';
import type { PaymentStarter, StartedPayment } from '../start-payment.ts';
import { type PaypalClient, PaypalApiError } from './client.ts';
import { orderDescription, orderRequest } from './order-request.ts';
import {
  type ExpectedCharge,
  resultOfCapture,
  reversalOfCapture,
  verdictOfCaptureError,
  verdictOfOrder,
} from './results.ts';
import {
  approvalLinkOf,
  type PaypalCapture,
  type PaypalOrder,
  paypalWebhookEvent,
} from './schemas.ts';
import { referencesOf } from './webhook-events.ts';
import type { WebhookHeaders, WebhookVerifier } from './webhook-verifier.ts';

export const paypalTexts = {
  notFound: 'Payment not found',
  orderMismatch: 'This PayPal order does not belong to this payment',
  purchaseType: 'PurchaseType does not match the plan',
  unreachable: 'PayPal could not be reached. Please try again later.',
  noApprovalLink: 'PayPal did not return an approval link',
} as const;

/** Who a revocation is attributed to in the grant's audit columns. */
const paypalActor = 'paypal';

export interface PaypalCreateInput {
  userId: string;
  language: LanguageCode;
  purchaseType: PurchaseType;
  planType: PlanType;
  amount: number;
  currency: string;
  clientTransactionId?: string;
  ip: string;
}

export interface PaypalOrderReference {
  orderId: string;
  txnRef: string;
}

export type WebhookAnswer = { status: 200; outcome: string } | { status: 400; outcome: string };

/** Open: money may still come, so PayPal is asked. needs_review waits for a person. */
const isOpen = (payment: PaymentRow) =>
  payment.status === 'created' || payment.status === 'pending';

const expectedOf = (payment: PaymentRow): ExpectedCharge => ({
  paymentId: payment.id,
  amountMinor: payment.amountMinor,
  currency: payment.currency,
});

/**
 * PayPal Orders v2 (payments.md §2): create an order, capture it when the payer returns (owner
 * checked, idempotent), verified webhooks, and the reconciliation resolver. Every answer from
 * PayPal goes through the one applier; nothing here writes a payment's state by itself.
 */
export function createPaypalService(deps: {
  config: PaypalConfig;
  publicUrl: string;
  client: PaypalClient;
  verifier: WebhookVerifier;
  starter: PaymentStarter;
  applier: PaymentApplier;
  repository: PaymentsRepository;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { client, applier, repository, log } = deps;

  async function record(
    payment: PaymentRow | null,
    source: PaymentEventSource,
    dedupeKey: string,
    payload: unknown,
    outcome: string,
  ): Promise<boolean> {
    return repository.recordEvent({
      paymentId: payment?.id ?? null,
      provider: 'paypal',
      source,
      dedupeKey,
      signatureOk: true,
      payload,
      outcome,
      receivedAt: deps.now(),
    });
  }

  /** What a capture says, then its refund state (a refunded capture was paid first). */
  async function applyCapture(
    payment: PaymentRow,
    capture: PaypalCapture,
    source: PaymentEventSource,
    options: { applyRefunds?: boolean } = {},
  ): Promise<PaymentRow> {
    const result = resultOfCapture(capture, expectedOf(payment));
    if (result.kind === 'needs_review') {
      log.error(
        {
          event: 'paypal_capture_mismatch',
          alert: true,
          paymentId: payment.id,
          captureId: capture.id,
          reason: result.reason,
        },
        'ALERT: a PayPal capture does not match its payment (amount, currency or custom_id); held for review',
      );
    }
    let outcome = await applier.applyResult(payment.id, result);
    const reversal = options.applyRefunds === false ? undefined : reversalOfCapture(capture);
    if (reversal) {
      outcome = await applier.applyReversal(payment.id, {
        kind: reversal,
        reason: 'refunded',
        actor: paypalActor,
        payload: capture,
      });
    }
    // A webhook records its own event; our own reads are kept once per capture state.
    if (source !== 'webhook') {
      await record(
        outcome.payment,
        source,
        `paypal:${source}:${capture.id}:${capture.status}`,
        capture,
        outcome.payment.status,
      );
    }
    return outcome.payment;
  }

  async function applyFinal(payment: PaymentRow, result: VerifiedResult): Promise<PaymentRow> {
    return (await applier.applyResult(payment.id, result)).payment;
  }

  /**
   * A fresh key after a declined capture: PayPal replays a key's first answer for hours, and
   * the payer has just chosen another funding source. Deterministic per state, so concurrent
   * retries still share it.
   */
  function captureRequestId(payment: PaymentRow): string {
    return payment.reason === 'declined'
      ? `capture:${payment.id}:${payment.updatedAt.getTime()}`
      : `capture:${payment.id}`;
  }

  /** Reads what an order says and applies it; `approved` orders are captured if asked to. */
  async function applyOrder(
    payment: PaymentRow,
    order: PaypalOrder,
    source: PaymentEventSource,
    captureIfApproved: boolean,
  ): Promise<PaymentRow> {
    const verdict = verdictOfOrder(order);
    switch (verdict.kind) {
      case 'capture':
        return applyCapture(payment, verdict.capture, source);
      case 'approved':
        return captureIfApproved ? capture(payment, source) : payment;
      case 'final':
        return applyFinal(payment, verdict.result);
      case 'waiting':
        return payment;
    }
  }

  /** Captures the payment's order (idempotent per PayPal-Request-Id) and applies the outcome. */
  async function capture(payment: PaymentRow, source: PaymentEventSource): Promise<PaymentRow> {
    return (await captureAttempt(payment, source)).payment;
  }

  /** `sendBack`: PayPal wants the payer on its approval page again (not approved, or declined). */
  async function captureAttempt(
    payment: PaymentRow,
    source: PaymentEventSource,
  ): Promise<{ payment: PaymentRow; sendBack: boolean }> {
    const settled = (row: PaymentRow) => ({ payment: row, sendBack: false });
    const orderId = payment.providerOrderId;
    if (!isOpen(payment) || orderId === null) return settled(payment);
    let order: PaypalOrder;
    try {
      order = await client.captureOrder(orderId, captureRequestId(payment));
    } catch (error) {
      const refusal = verdictOfCaptureError(error);
      if (!refusal) {
        log.error(
          { err: error, event: 'paypal_capture_failed', paymentId: payment.id },
          'PayPal capture failed',
        );
        throw new HttpError(502, paypalTexts.unreachable);
      }
      if (refusal.kind === 'read_order') {
        // Captured already (a retry without our key, or the webhook's capture won the race).
        return settled(await applyOrder(payment, await client.getOrder(orderId), source, false));
      }
      if (refusal.kind === 'final') return settled(await applyFinal(payment, refusal.result));
      if (refusal.sendBack && error instanceof PaypalApiError) {
        // PayPal may name a new page to send the payer to; the approval link stays valid otherwise.
        const redirect = error.links.find((link) => link.rel === 'redirect')?.href;
        if (redirect) await repository.updateRedirect(payment.id, redirect, deps.now());
      }
      const issue = error instanceof PaypalApiError ? error.issue : undefined;
      log.info(
        { event: 'paypal_capture_pending', paymentId: payment.id, issue },
        'PayPal capture not possible yet',
      );
      // Not approved (yet) changes nothing; a declined card is recorded so the payer is sent back.
      const after =
        refusal.reason === undefined
          ? ((await repository.findById(payment.id)) ?? payment)
          : await applyFinal(payment, {
              kind: 'pending',
              reason: refusal.reason,
              payload: { issue },
            });
      return { payment: after, sendBack: refusal.sendBack };
    }
    return settled(await applyOrder(payment, order, source, false));
  }

  /** The caller's payment for a PayPal return: theirs (404) and bound to that order (403). */
  async function ownedPayment(
    userId: string,
    reference: PaypalOrderReference,
  ): Promise<PaymentRow> {
    const payment = await repository.findByTxnRefForUser(reference.txnRef, userId);
    if (!payment || payment.provider !== 'paypal') throw new HttpError(404, paypalTexts.notFound);
    if (payment.providerOrderId !== reference.orderId) {
      log.warn(
        {
          event: 'paypal_order_mismatch',
          userId,
          paymentId: payment.id,
          sentOrderId: reference.orderId,
        },
        'a PayPal return named an order that is not this payment’s',
      );
      throw new HttpError(403, paypalTexts.orderMismatch);
    }
    return payment;
  }

  /** The payment a webhook event is about, or null (unknown to us, or inconsistent pointers). */
  async function paymentOfEvent(
    references: ReturnType<typeof referencesOf>,
  ): Promise<PaymentRow | null> {
    const byCustomId = references.customId ? await repository.findById(references.customId) : null;
    const payment =
      byCustomId ??
      (references.orderId ? await repository.findByProviderOrderId(references.orderId) : null);
    if (!payment || payment.provider !== 'paypal') return null;
    if (references.orderId !== undefined && payment.providerOrderId !== references.orderId) {
      log.error(
        {
          event: 'paypal_webhook_binding_mismatch',
          alert: true,
          paymentId: payment.id,
          ...references,
        },
        'ALERT: a PayPal event names an order that is not its payment’s; ignored',
      );
      return null;
    }
    return payment;
  }

  /** Capture events: the event only says where to look; the capture is read from PayPal. */
  async function onCaptureEvent(
    payment: PaymentRow,
    eventType: string,
    captureId: string | undefined,
  ): Promise<PaymentRow> {
    const id = captureId ?? payment.providerTxnId;
    if (!id) return payment;
    const capture = await client.getCapture(id);
    const orderOfCapture = capture.supplementary_data?.related_ids?.order_id;
    if (orderOfCapture !== undefined && orderOfCapture !== payment.providerOrderId) {
      log.error(
        {
          event: 'paypal_webhook_binding_mismatch',
          alert: true,
          paymentId: payment.id,
          captureId: id,
        },
        'ALERT: a PayPal capture belongs to another order; ignored',
      );
      return payment;
    }
    if (eventType === 'PAYMENT.CAPTURE.REVERSED') {
      // A chargeback: settle what the capture paid (if not yet), then reverse it as such.
      const settled = await applyCapture(payment, capture, 'webhook', { applyRefunds: false });
      return (
        await applier.applyReversal(settled.id, {
          kind: 'reversed',
          reason: 'reversed',
          actor: paypalActor,
          payload: capture,
        })
      ).payment;
    }
    return applyCapture(payment, capture, 'webhook');
  }

  async function dispatch(
    payment: PaymentRow,
    eventType: string,
    captureId: string | undefined,
  ): Promise<PaymentRow> {
    switch (eventType) {
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.PENDING':
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED':
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED':
        return onCaptureEvent(payment, eventType, captureId);
      case 'CHECKOUT.ORDER.APPROVED':
        // Not captured here: PayPal sends this while the payer's browser is on its way back to
        // our return page, whose capture would then race this one (a declined card would be
        // reported twice, a slow capture held twice). The safety net for a payer who never
        // returns is the reconciliation job: refresh() captures an order left APPROVED.
        return payment;
      case 'CHECKOUT.PAYMENT-APPROVAL.REVERSED':
        // Approved but never captured in time: PayPal has cancelled it.
        return applyFinal(payment, {
          kind: 'cancelled',
          reason: 'cancelled',
          payload: { eventType },
        });
      default:
        return payment;
    }
  }

  return {
    async create(input: PaypalCreateInput): Promise<StartedPayment> {
      if (input.purchaseType !== purchaseTypeOf(input.planType)) {
        throw new HttpError(422, paypalTexts.purchaseType);
      }
      return deps.starter.start(
        {
          userId: input.userId,
          provider: 'paypal',
          planType: input.planType,
          amount: input.amount,
          currency: input.currency,
          ...(input.clientTransactionId === undefined
            ? {}
            : { clientTransactionId: input.clientTransactionId }),
          description: orderDescription(deps.config.brandName, input.planType),
          ip: input.ip,
        },
        async (payment) => {
          const order = await client.createOrder(
            orderRequest({
              paymentId: payment.id,
              txnRef: payment.txnRef,
              plan: payment.planType,
              value: formatUsdValue(payment.amountMinor),
              brandName: deps.config.brandName,
              language: input.language,
              publicUrl: deps.publicUrl,
            }),
            // The same attempt never creates two orders, even if this call is retried.
            `create:${payment.id}`,
          );
          const redirectUrl = approvalLinkOf(order);
          if (!redirectUrl) throw new Error(paypalTexts.noApprovalLink);
          return { redirectUrl, providerOrderId: order.id };
        },
      );
    },

    /**
     * The payer is back from PayPal: capture (once, whoever asks) and say where it stands.
     * `retryUrl` is PayPal's approval page when the payer has to go back there.
     */
    async capture(
      userId: string,
      reference: PaypalOrderReference,
    ): Promise<{ payment: PaymentRow; retryUrl: string | null }> {
      const attempt = await captureAttempt(await ownedPayment(userId, reference), 'capture');
      const stillOpen = isOpen(attempt.payment);
      return {
        payment: attempt.payment,
        retryUrl: attempt.sendBack && stillOpen ? attempt.payment.redirectUrl : null,
      };
    },

    /**
     * The payer pressed cancel on PayPal. A hint from the browser, so the order is read first:
     * money that was taken anyway is applied, never dropped by a cancel.
     */
    async cancel(userId: string, reference: PaypalOrderReference): Promise<PaymentRow> {
      const payment = await ownedPayment(userId, reference);
      if (!isOpen(payment) || payment.providerOrderId === null) return payment;
      let verdict: ReturnType<typeof verdictOfOrder> = { kind: 'waiting' };
      try {
        verdict = verdictOfOrder(await client.getOrder(payment.providerOrderId));
      } catch (error) {
        log.warn(
          { err: error, event: 'paypal_cancel_unverified', paymentId: payment.id },
          'could not read the PayPal order before cancelling; cancelling anyway',
        );
      }
      if (verdict.kind === 'capture') return applyCapture(payment, verdict.capture, 'return');
      if (verdict.kind === 'approved') return payment;
      return applyFinal(payment, {
        kind: 'cancelled',
        reason: 'cancelled',
        payload: { cancelledBy: 'payer' },
      });
    },

    /** The reconciliation resolver: what does PayPal say about this open payment now? */
    async refresh(payment: PaymentRow): Promise<PaymentRow> {
      if (!isOpen(payment) || payment.providerOrderId === null) return payment;
      let order: PaypalOrder;
      try {
        order = await client.getOrder(payment.providerOrderId);
      } catch (error) {
        if (error instanceof PaypalApiError && error.status === 404) {
          return applyFinal(payment, {
            kind: 'expired',
            reason: 'expired',
            payload: { status: 404 },
          });
        }
        throw error;
      }
      return applyOrder(payment, order, 'query', true);
    },

    /**
     * A webhook delivery: verified offline on the raw bytes before anything is parsed, then
     * deduplicated by event id, then applied from PayPal's current state (deliveries come
     * duplicated and out of order). Unknown payments are acknowledged so PayPal stops.
     */
    async handleWebhook(headers: WebhookHeaders, rawBody: Buffer): Promise<WebhookAnswer> {
      const verdict = await deps.verifier.verify(headers, rawBody);
      if (!verdict.ok) {
        log.warn(
          { event: 'paypal_webhook_rejected', security: true, reason: verdict.reason },
          'PayPal webhook refused: its signature does not verify',
        );
        return { status: 400, outcome: verdict.reason };
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { status: 400, outcome: 'malformed' };
      }
      const parsed = paypalWebhookEvent.safeParse(json);
      if (!parsed.success) return { status: 400, outcome: 'malformed' };
      const event = parsed.data;
      const dedupeKey = `paypal:webhook:${event.id}`;
      const references = referencesOf(event);
      const payment = await paymentOfEvent(references);
      if (!payment) {
        log.warn(
          {
            event: 'paypal_webhook_unknown_payment',
            eventId: event.id,
            eventType: event.event_type,
            ...references,
          },
          'PayPal webhook for no known payment; acknowledged',
        );
        await record(null, 'webhook', dedupeKey, event, 'unknown_payment');
        return { status: 200, outcome: 'unknown_payment' };
      }
      const seen = await repository.eventsFor(payment.id);
      if (seen.some((row) => row.dedupe_key === dedupeKey)) {
        return { status: 200, outcome: 'duplicate' };
      }
      // Recorded after it is applied: a failure answers 5xx and PayPal's retry is not lost.
      const after = await dispatch(payment, event.event_type, references.captureId);
      const fresh = await record(after, 'webhook', dedupeKey, event, after.status);
      log.info(
        {
          event: 'paypal_webhook',
          eventId: event.id,
          eventType: event.event_type,
          paymentId: payment.id,
          status: after.status,
        },
        fresh
          ? 'PayPal webhook applied'
          : 'PayPal webhook applied (a concurrent duplicate recorded it)',
      );
      return { status: 200, outcome: fresh ? after.status : 'duplicate' };
    },
  };
}

export type PaypalService = ReturnType<typeof createPaypalService>;
