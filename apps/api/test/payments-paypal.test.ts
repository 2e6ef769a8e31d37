import { randomUUID } from 'node:crypto';
import {
  type PaymentStatusResponse,
  type PlanType,
  paymentStatusResponse,
} from '@studio/contracts';
import type { SandboxPaypal } from '@studio/sandbox';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { relaxedAuthLimits, testClock } from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import {
  grantsOf,
  type PayingUser,
  payingUser,
  paymentsTestEnv,
  startPaypal,
  usdPrice,
} from './support/payments.ts';
import { useTestApp } from './support/test-app.ts';

function emulator(app: App): SandboxPaypal {
  const paypal = app.payments.sandbox.paypal;
  if (!paypal) throw new Error('PayPal is not in sandbox mode');
  return paypal;
}

function statusBody(response: LightMyRequestResponse): PaymentStatusResponse {
  expect(response.statusCode, response.body).toBe(200);
  return paymentStatusResponse.parse(response.json());
}

const capture = (user: PayingUser, orderId: string, txnRef: string) =>
  user.api.post('/api/payments/paypal/capture', { orderId, txnRef });

/** The approval page's redirect back to us, as the browser would follow it. */
function returnQuery(redirectUrl: string | null) {
  if (!redirectUrl) throw new Error('the emulator did not redirect back');
  return new URL(redirectUrl).searchParams;
}

/** Talks to the emulator as another PayPal client would (same merchant credentials). */
async function emulatorCall(
  app: App,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
) {
  const { clientId, clientSecret, apiBase } = app.config.payments.paypal;
  const paypal = emulator(app);
  const token = await paypal.fetch(`${apiBase}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const response = await paypal.fetch(`${apiBase}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

interface EmulatorOrder {
  id: string;
  status: string;
  purchase_units: Array<{
    reference_id: string;
    custom_id: string;
    invoice_id: string;
    description: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: Array<{ id: string; status: string }> };
  }>;
}

async function emulatorOrder(app: App, orderId: string): Promise<EmulatorOrder> {
  const { json } = await emulatorCall(app, 'GET', `/v2/checkout/orders/${orderId}`);
  return json as unknown as EmulatorOrder;
}

async function eventsOf(app: App, paymentId: string) {
  return app.payments.repository.eventsFor(paymentId);
}

/** Approves at PayPal, comes back, captures: the happy path, settled (webhooks included). */
async function buyPro(app: App, user: PayingUser, plan: PlanType = 'pro_monthly') {
  const created = await startPaypal(user, plan);
  const back = returnQuery(
    (await emulator(app).approve(created.providerOrderId, 'approve')).redirectUrl,
  );
  const captured = statusBody(
    await capture(user, back.get('token') ?? '', back.get('txnRef') ?? ''),
  );
  await emulator(app).settled();
  return { created, captured };
}

describe.each(databaseKinds)('PayPal payments on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(
    kind,
    { ...relaxedAuthLimits, ...paymentsTestEnv, LOG_LEVEL: 'warn' },
    { now: clock.now },
  );
  afterEach(() => clock.reset());

  it('creates an order at the catalogue price, bound to the payment, returning to our own callback', async () => {
    const user = await payingUser(t.app);
    const created = await startPaypal(user, 'pro_yearly', {
      Description: 'x'.repeat(250),
      returnUrl: 'https://evil.example/steal',
    });
    const approval = new URL(created.approvalUrl);
    expect(`${approval.origin}${approval.pathname}`).toBe(
      `${t.app.config.publicUrl}/sandbox/paypal/checkoutnow`,
    );
    expect(approval.searchParams.get('token')).toBe(created.providerOrderId);

    const order = await emulatorOrder(t.app, created.providerOrderId);
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    expect(order.purchase_units).toHaveLength(1);
    expect(order.purchase_units[0]).toMatchObject({
      reference_id: 'pro_yearly',
      custom_id: created.orderId,
      invoice_id: `AIS-${created.transactionRef}`,
      description: 'AI Studio Pro - 12 months',
      amount: { currency_code: 'USD', value: '199.99' },
    });

    const { redirectUrl } = await emulator(t.app).approve(created.providerOrderId, 'approve');
    const returned = new URL(redirectUrl ?? '');
    expect(`${returned.origin}${returned.pathname}`).toBe(
      `${t.app.config.publicUrl}/payment/callback`,
    );
    const back = returned.searchParams;
    expect(back.get('provider')).toBe('paypal');
    expect(back.get('txnRef')).toBe(created.transactionRef);
    expect(back.get('token')).toBe(created.providerOrderId);
    expect(back.get('PayerID')).toBeTruthy();
    await emulator(t.app).settled();
  });

  it('refuses other currencies, other amounts and a PurchaseType that does not match the plan', async () => {
    const user = await payingUser(t.app);
    const body = {
      Amount: 19.99,
      Currency: 'USD',
      PurchaseType: 'subscription',
      PurchaseId: 'pro_monthly',
      Description: '',
    };
    const refused = async (change: Record<string, unknown>, message: string) => {
      const response = await user.api.post('/api/payments/paypal/create', { ...body, ...change });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe(message);
    };
    await refused({ Currency: 'VND', Amount: 578000 }, 'PayPal charges in USD');
    await refused({ Amount: 9.99 }, 'The amount does not match the price of this plan');
    await refused({ PurchaseType: 'addon' }, 'PurchaseType does not match the plan');
    const payments = await t.app.payments.repository.listForUser(user.id);
    expect(payments).toEqual([]);
  });

  it('answers a repeated clientTransactionId with the same order; other details under it are a 409', async () => {
    const user = await payingUser(t.app);
    const key = randomUUID();
    const first = await startPaypal(user, 'pro_monthly', { clientTransactionId: key });
    const again = await startPaypal(user, 'pro_monthly', { clientTransactionId: key });
    expect(again).toEqual(first);
    const conflict = await user.api.post('/api/payments/paypal/create', {
      Amount: usdPrice.pro_yearly,
      Currency: 'USD',
      PurchaseType: 'subscription',
      PurchaseId: 'pro_yearly',
      Description: '',
      clientTransactionId: key,
    });
    expect(conflict.statusCode, conflict.body).toBe(409);
    expect(await t.app.payments.repository.listForUser(user.id)).toHaveLength(1);
  });

  it('approval → capture grants Pro once; capturing again (POST or GET) answers the same', async () => {
    const user = await payingUser(t.app);
    const { created, captured } = await buyPro(t.app, user);
    expect(captured).toMatchObject({
      orderId: created.orderId,
      transactionRef: created.transactionRef,
      provider: 'paypal',
      status: 'succeeded',
      outcome: 'completed',
      amount: 19.99,
      currency: 'USD',
      retryUrl: null,
      membership: { subscriptionTier: 'pro', tier: 'pro' },
    });
    const order = await emulatorOrder(t.app, created.providerOrderId);
    const captures = order.purchase_units[0]?.payments?.captures ?? [];
    expect(captures).toHaveLength(1);
    expect(captured.providerTransactionId).toBe(captures[0]?.id);

    const twice = statusBody(await capture(user, created.providerOrderId, created.transactionRef));
    const viaGet = statusBody(
      await user.api.get(
        `/api/payments/paypal/capture?orderId=${created.providerOrderId}&txnRef=${created.transactionRef}`,
      ),
    );
    expect(twice).toEqual(captured);
    expect(viaGet).toEqual(captured);
    await emulator(t.app).settled();
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it("row 18: another user's txnRef is 404, another order's token is 403, and nothing is captured", async () => {
    const owner = await payingUser(t.app, 'paypal-owner');
    const intruder = await payingUser(t.app, 'paypal-intruder');
    const created = await startPaypal(owner);
    const other = await startPaypal(owner);

    const foreign = await capture(intruder, created.providerOrderId, created.transactionRef);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().message).toBe('Payment not found');
    const foreignCancel = await intruder.api.post('/api/payments/paypal/cancel', {
      orderId: created.providerOrderId,
      txnRef: created.transactionRef,
    });
    expect(foreignCancel.statusCode).toBe(404);

    const swapped = await capture(owner, other.providerOrderId, created.transactionRef);
    expect(swapped.statusCode, swapped.body).toBe(403);
    expect(swapped.json().message).toBe('This PayPal order does not belong to this payment');

    expect((await emulatorOrder(t.app, created.providerOrderId)).status).toBe(
      'PAYER_ACTION_REQUIRED',
    );
    expect((await emulatorOrder(t.app, other.providerOrderId)).status).toBe(
      'PAYER_ACTION_REQUIRED',
    );
    expect(await grantsOf(t.app, owner.id)).toHaveLength(0);
  });

  it('refuses the GET form of capture when another site started the request', async () => {
    const user = await payingUser(t.app);
    const created = await startPaypal(user);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/payments/paypal/capture?orderId=${created.providerOrderId}&txnRef=${created.transactionRef}`,
      headers: { authorization: `Bearer ${user.bearer}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode, response.body).toBe(403);
  });

  it('a capture before approval leaves the payment pending', async () => {
    const user = await payingUser(t.app);
    const created = await startPaypal(user);
    const early = statusBody(await capture(user, created.providerOrderId, created.transactionRef));
    expect(early).toMatchObject({ status: 'pending', outcome: 'pending', reason: null });
    // ORDER_NOT_APPROVED: PayPal's advice is to send the payer to the approval page.
    expect(early.retryUrl).toBe(created.approvalUrl);
    expect(await grantsOf(t.app, user.id)).toHaveLength(0);
  });

  it('cancel on PayPal cancels the payment; nothing is granted', async () => {
    const user = await payingUser(t.app);
    const created = await startPaypal(user);
    const back = returnQuery(
      (await emulator(t.app).approve(created.providerOrderId, 'cancel')).redirectUrl,
    );
    expect(back.get('cancelled')).toBe('1');
    expect(back.get('token')).toBe(created.providerOrderId);
    const cancelled = statusBody(
      await user.api.post('/api/payments/paypal/cancel', {
        orderId: back.get('token'),
        txnRef: back.get('txnRef'),
      }),
    );
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      outcome: 'cancelled',
      reason: 'cancelled',
    });
    expect(await grantsOf(t.app, user.id)).toHaveLength(0);
  });

  it('cancel after the money was taken applies the capture instead', async () => {
    const user = await payingUser(t.app);
    const { created } = await buyPro(t.app, user);
    const after = statusBody(
      await user.api.post('/api/payments/paypal/cancel', {
        orderId: created.providerOrderId,
        txnRef: created.transactionRef,
      }),
    );
    expect(after.status).toBe('succeeded');
  });

  it('row 16: INSTRUMENT_DECLINED keeps it pending and sends the payer back; a new approval then pays', async () => {
    const user = await payingUser(t.app);
    const created = await startPaypal(user);
    const back = returnQuery(
      (await emulator(t.app).approve(created.providerOrderId, 'declined')).redirectUrl,
    );
    // The approval webhook's capture and this one race: one is declined, the other finds the
    // order unapproved again. Either way the payer is sent back to PayPal.
    const declined = statusBody(
      await capture(user, back.get('token') ?? '', created.transactionRef),
    );
    expect(declined).toMatchObject({ status: 'pending', outcome: 'pending' });
    expect(new URL(declined.retryUrl ?? '').searchParams.get('token')).toBe(
      created.providerOrderId,
    );
    await emulator(t.app).settled();
    const status = statusBody(await user.api.get(`/api/payments/status/${created.orderId}`));
    expect(status).toMatchObject({ status: 'pending', reason: 'declined' });
    expect(status.retryUrl).toBe(declined.retryUrl);
    expect(await grantsOf(t.app, user.id)).toHaveLength(0);

    await emulator(t.app).approve(created.providerOrderId, 'approve');
    const paid = statusBody(await capture(user, created.providerOrderId, created.transactionRef));
    await emulator(t.app).settled();
    expect(paid).toMatchObject({ status: 'succeeded', reason: null, retryUrl: null });
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it('row 15: a PENDING capture grants nothing until the COMPLETED webhook', async () => {
    const user = await payingUser(t.app);
    const created = await startPaypal(user);
    await emulator(t.app).approve(created.providerOrderId, 'pending');
    const pending = statusBody(
      await capture(user, created.providerOrderId, created.transactionRef),
    );
    expect(pending).toMatchObject({ status: 'pending', membership: { tier: 'free' } });
    expect(await grantsOf(t.app, user.id)).toHaveLength(0);

    await emulator(t.app).settled();
    const status = statusBody(await user.api.get(`/api/payments/status/${created.orderId}`));
    expect(status).toMatchObject({ status: 'succeeded', membership: { tier: 'pro' } });
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it('row 13: a capture whose answer never comes is retried with the same request id: one capture, one grant', async () => {
    const user = await payingUser(t.app);
    const created = await startPaypal(user);
    await emulator(t.app).approve(created.providerOrderId, 'slow');
    const paid = statusBody(await capture(user, created.providerOrderId, created.transactionRef));
    await emulator(t.app).settled();
    expect(paid.status).toBe('succeeded');
    const captures =
      (await emulatorOrder(t.app, created.providerOrderId)).purchase_units[0]?.payments?.captures ??
      [];
    expect(captures).toHaveLength(1);
    expect(paid.providerTransactionId).toBe(captures[0]?.id);
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it('row 14: an order someone else captured (another request id) is read and applied', async () => {
    const user = await payingUser(t.app);
    const created = await startPaypal(user);
    await emulator(t.app).approve(created.providerOrderId, 'approve');
    const elsewhere = await emulatorCall(
      t.app,
      'POST',
      `/v2/checkout/orders/${created.providerOrderId}/capture`,
      { 'paypal-request-id': `someone-else-${randomUUID()}` },
      {},
    );
    expect(elsewhere.status).toBe(201);
    const paid = statusBody(await capture(user, created.providerOrderId, created.transactionRef));
    await emulator(t.app).settled();
    const captures =
      (await emulatorOrder(t.app, created.providerOrderId)).purchase_units[0]?.payments?.captures ??
      [];
    expect(captures).toHaveLength(1);
    expect(paid).toMatchObject({ status: 'succeeded', providerTransactionId: captures[0]?.id });
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it('row 17: forged, foreign-cert, re-serialised and wrong-webhook-id deliveries are refused and change nothing', async () => {
    const user = await payingUser(t.app);
    const { created } = await buyPro(t.app, user);
    const paypal = emulator(t.app);
    for (const knob of [
      'bad_signature',
      'foreign_cert_host',
      'reserialised_body',
      'wrong_webhook_id',
    ] as const) {
      const before = paypal.webhookLog.length;
      await paypal.sendWebhook({
        eventType: 'PAYMENT.CAPTURE.REFUNDED',
        orderId: created.providerOrderId,
        knob,
      });
      const attempts = paypal.webhookLog.slice(before);
      expect(attempts.length, knob).toBeGreaterThan(0);
      expect(
        attempts.every((attempt) => attempt.status === 400),
        knob,
      ).toBe(true);
      const keys = (await eventsOf(t.app, created.orderId)).map((event) => event.dedupe_key);
      expect(keys).not.toContain(`paypal:webhook:${attempts[0]?.eventId}`);
    }
    const status = statusBody(await user.api.get(`/api/payments/status/${created.orderId}`));
    expect(status.status).toBe('succeeded');
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it('row 17: duplicates are applied once and out-of-order events never undo a success', async () => {
    const user = await payingUser(t.app);
    const { created } = await buyPro(t.app, user);
    const paypal = emulator(t.app);
    const before = paypal.webhookLog.length;
    await paypal.sendWebhook({
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      orderId: created.providerOrderId,
      knob: 'duplicate',
    });
    const duplicate = paypal.webhookLog.slice(before);
    expect(duplicate.map((attempt) => attempt.status)).toEqual([200, 200]);
    expect(duplicate[0]?.eventId).toBe(duplicate[1]?.eventId);
    const keys = (await eventsOf(t.app, created.orderId)).map((event) => event.dedupe_key);
    expect(keys.filter((key) => key === `paypal:webhook:${duplicate[0]?.eventId}`)).toHaveLength(1);

    await paypal.sendWebhook({
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      orderId: created.providerOrderId,
      knob: 'out_of_order',
    });
    const status = statusBody(await user.api.get(`/api/payments/status/${created.orderId}`));
    expect(status.status).toBe('succeeded');
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it('acknowledges a verified event for an order it does not know (so PayPal stops)', async () => {
    const stranger = await emulatorCall(
      t.app,
      'POST',
      '/v2/checkout/orders',
      { 'paypal-request-id': randomUUID() },
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            custom_id: randomUUID(),
            invoice_id: `OTHER-${randomUUID()}`,
            amount: { currency_code: 'USD', value: '1.00' },
          },
        ],
      },
    );
    expect(stranger.status).toBe(201);
    const paypal = emulator(t.app);
    const before = paypal.webhookLog.length;
    await paypal.sendWebhook({
      eventType: 'CHECKOUT.ORDER.APPROVED',
      orderId: String(stranger.json['id']),
    });
    expect(paypal.webhookLog.slice(before).map((attempt) => attempt.status)).toEqual([200]);
  });

  it('row 22: a full refund ends the entitlement, a partial one keeps it, a reversal ends it', async () => {
    const paypal = emulator(t.app);

    const refunded = await payingUser(t.app, 'refunded');
    const bought = await buyPro(t.app, refunded);
    await paypal.refund(bought.captured.providerTransactionId ?? '');
    await paypal.settled();
    const afterRefund = statusBody(
      await refunded.api.get(`/api/payments/status/${bought.created.orderId}`),
    );
    expect(afterRefund).toMatchObject({
      status: 'refunded',
      membership: { tier: 'free', proUntil: null },
    });
    const [grant] = await grantsOf(t.app, refunded.id);
    expect(grant?.revoked_at).not.toBeNull();
    expect(grant).toMatchObject({ revoked_reason: 'refunded', actor: 'paypal' });

    const partial = await payingUser(t.app, 'partial');
    const partly = await buyPro(t.app, partial);
    await paypal.refund(partly.captured.providerTransactionId ?? '', '5.00');
    await paypal.settled();
    const afterPartial = statusBody(
      await partial.api.get(`/api/payments/status/${partly.created.orderId}`),
    );
    expect(afterPartial).toMatchObject({
      status: 'partially_refunded',
      membership: { tier: 'pro' },
    });

    const charged = await payingUser(t.app, 'chargeback');
    const disputed = await buyPro(t.app, charged);
    await paypal.reverse(disputed.captured.providerTransactionId ?? '');
    await paypal.settled();
    const afterReversal = statusBody(
      await charged.api.get(`/api/payments/status/${disputed.created.orderId}`),
    );
    expect(afterReversal).toMatchObject({ status: 'reversed', membership: { tier: 'free' } });
    const [reversedGrant] = await grantsOf(t.app, charged.id);
    expect(reversedGrant).toMatchObject({ revoked_reason: 'reversed', actor: 'paypal' });
  });

  it('row 22: refunding one of two purchases shortens Pro by its month', async () => {
    const user = await payingUser(t.app, 'two-months');
    const first = await buyPro(t.app, user);
    const second = await buyPro(t.app, user);
    const twoMonths = Date.parse(second.captured.membership.proUntil ?? '');
    expect(twoMonths).toBeGreaterThan(Date.parse(first.captured.membership.proUntil ?? ''));
    await emulator(t.app).refund(first.captured.providerTransactionId ?? '');
    await emulator(t.app).settled();
    const after = statusBody(await user.api.get(`/api/payments/status/${second.created.orderId}`));
    expect(after.membership.tier).toBe('pro');
    expect(Date.parse(after.membership.proUntil ?? '')).toBeLessThan(twoMonths);
  });

  it('a refused token (401) is replaced by a fresh one', async () => {
    const user = await payingUser(t.app);
    await startPaypal(user);
    emulator(t.app).expireTokens();
    await startPaypal(user);
  });

  it('reconciliation asks PayPal about a stale payment and expires one the payer never approved', async () => {
    const user = await payingUser(t.app);
    const created = await startPaypal(user);
    // PayPal keeps an unapproved order 3 hours: until then the payer may still approve it.
    clock.advance(61 * 60_000);
    await t.app.payments.reconciliation.reconcileOnce(clock.now());
    expect(await t.app.payments.repository.findById(created.orderId)).toMatchObject({
      status: 'pending',
    });
    clock.advance(120 * 60_000);
    await t.app.payments.reconciliation.reconcileOnce(clock.now());
    const payment = await t.app.payments.repository.findById(created.orderId);
    expect(payment).toMatchObject({ status: 'expired', reason: 'expired' });
  });

  it('reconciliation captures an order that was approved but never captured', async () => {
    const user = await payingUser(t.app);
    const created = await startPaypal(user);
    const payment = await t.app.payments.repository.findById(created.orderId);
    if (!payment) throw new Error('no payment');
    const paypal = t.app.payments.paypal;
    if (!paypal) throw new Error('PayPal is off');
    // Not approved yet: nothing changes.
    expect((await paypal.refresh(payment)).status).toBe('pending');
    await emulator(t.app).approve(created.providerOrderId, 'approve');
    const refreshed = await paypal.refresh(payment);
    await emulator(t.app).settled();
    expect(refreshed.status).toBe('succeeded');
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });
});
