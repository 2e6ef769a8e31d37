import { randomUUID } from 'node:crypto';
import type { PlanType } from '@studio/contracts';
import { chatModelsResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { newTxnRef } from '../src/domains/payments/txn-ref.ts';
import { relaxedAuthLimits, testClock } from './support/auth.ts';
import { insertConversation } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import {
  grantsOf,
  payingUser,
  paymentsTestEnv,
  startVnpay,
  vnpayEmulator,
} from './support/payments.ts';
import { useTestApp } from './support/test-app.ts';

const chatModels = {
  CHAT_MODELS: JSON.stringify([
    { id: 'sandbox', name: 'Sandbox', provider: 'sandbox', model: 'sandbox' },
    { id: 'big', name: 'Big', provider: 'ollama', model: 'big', plan: 'pro' },
    { id: 'god', name: 'God', provider: 'ollama', model: 'god', plan: 'godmode' },
  ]),
  OLLAMA_BASE_URL: 'http://127.0.0.1:9/api',
  CHAT_DAILY_LIMIT_FREE: '1',
  CHAT_DAILY_LIMIT_PRO: '2',
  CHAT_DAILY_LIMIT_GODMODE: '3',
};

/** A pending VNPay payment straight through the repository (what create would have stored). */
async function pendingPayment(
  app: App,
  userId: string,
  plan: PlanType = 'pro_monthly',
  createdAt = new Date(),
) {
  const catalogue = app.payments.catalogue;
  const repository = app.payments.repository;
  const payment = await repository.insert({
    id: randomUUID(),
    userId,
    provider: 'vnpay',
    txnRef: newTxnRef(createdAt),
    clientTxnId: null,
    requestFingerprint: null,
    planType: plan,
    amountMinor: catalogue.priceMinor(plan, 'VND'),
    currency: 'VND',
    expiresAt: new Date(createdAt.getTime() + 3_600_000),
    now: createdAt,
  });
  const pending = await repository.setRedirect(payment.id, 'https://pay.example/x', {
    now: createdAt,
  });
  if (!pending) throw new Error('not pending');
  return pending;
}

const success = (amountMinor: number, providerTxnId = String(Math.floor(Math.random() * 1e9))) => ({
  kind: 'succeeded' as const,
  providerTxnId,
  amountMinor,
  currency: 'VND' as const,
  paidAt: new Date(),
});

async function userEnds(app: App, userId: string) {
  return app.db
    .selectFrom('users')
    .select(['pro_until', 'godmode_until'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

describe.each(databaseKinds)('exactly-once activation on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(
    kind,
    { ...relaxedAuthLimits, ...paymentsTestEnv, ...chatModels },
    { now: clock.now },
  );

  it('grants exactly once when many confirmations race (Promise.all), without deadlock', async () => {
    const user = await payingUser(t.app);
    const payment = await pendingPayment(t.app, user.id);
    const result = success(payment.amountMinor);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => t.app.payments.applier.applyResult(payment.id, result)),
    );
    expect(outcomes.filter((outcome) => outcome.granted)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.changed)).toHaveLength(1);
    expect(outcomes.every((outcome) => outcome.payment.status === 'succeeded')).toBe(true);
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it('keeps both grants when two payments of one user settle at once (ends chain both)', async () => {
    const user = await payingUser(t.app);
    const a = await pendingPayment(t.app, user.id);
    const b = await pendingPayment(t.app, user.id);
    await Promise.all([
      t.app.payments.applier.applyResult(a.id, success(a.amountMinor)),
      t.app.payments.applier.applyResult(b.id, success(b.amountMinor)),
    ]);
    const ends = await userEnds(t.app, user.id);
    const days =
      (Date.parse(new Date(ends.pro_until ?? 0).toISOString()) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(55);
    expect(days).toBeLessThan(63);
  });

  it('reports an amount or currency mismatch and changes nothing', async () => {
    const user = await payingUser(t.app);
    const payment = await pendingPayment(t.app, user.id);
    const wrongAmount = await t.app.payments.applier.applyResult(
      payment.id,
      success(payment.amountMinor - 1),
    );
    expect(wrongAmount).toMatchObject({ changed: false, granted: false, mismatch: 'amount' });
    const wrongCurrency = await t.app.payments.applier.applyResult(payment.id, {
      ...success(payment.amountMinor),
      currency: 'USD',
    });
    expect(wrongCurrency.mismatch).toBe('currency');
    expect((await t.app.payments.repository.findById(payment.id))?.status).toBe('pending');
  });

  it('never downgrades a success because of a later failure', async () => {
    const user = await payingUser(t.app);
    const payment = await pendingPayment(t.app, user.id);
    await t.app.payments.applier.applyResult(payment.id, success(payment.amountMinor));
    const later = await t.app.payments.applier.applyResult(payment.id, {
      kind: 'failed',
      reason: 'declined',
    });
    expect(later.changed).toBe(false);
    expect(later.payment.status).toBe('succeeded');
  });

  it('refuses one provider transaction settling two payments', async () => {
    const user = await payingUser(t.app);
    const first = await pendingPayment(t.app, user.id);
    const second = await pendingPayment(t.app, user.id);
    await t.app.payments.applier.applyResult(first.id, success(first.amountMinor, '777000111'));
    const reused = await t.app.payments.applier.applyResult(
      second.id,
      success(second.amountMinor, '777000111'),
    );
    expect(reused.granted).toBe(false);
    expect(reused.payment.status).toBe('needs_review');
  });

  it('row 22: a full refund ends the entitlement, a reversal re-chains, a partial refund keeps it', async () => {
    const user = await payingUser(t.app);
    const first = await pendingPayment(t.app, user.id);
    await t.app.payments.applier.applyResult(first.id, success(first.amountMinor));
    const second = await pendingPayment(t.app, user.id);
    await t.app.payments.applier.applyResult(second.id, success(second.amountMinor));
    const stacked = Date.parse(
      new Date((await userEnds(t.app, user.id)).pro_until ?? 0).toISOString(),
    );

    const partial = await t.app.payments.applier.applyReversal(second.id, {
      kind: 'partially_refunded',
      reason: 'refunded',
      actor: 'support:alice',
    });
    expect(partial.payment.status).toBe('partially_refunded');
    expect(
      Date.parse(new Date((await userEnds(t.app, user.id)).pro_until ?? 0).toISOString()),
    ).toBe(stacked);

    const refund = await t.app.payments.applier.applyReversal(first.id, {
      kind: 'refunded',
      reason: 'refunded',
      actor: 'support:alice',
    });
    expect(refund).toMatchObject({ changed: true });
    const shortened = Date.parse(
      new Date((await userEnds(t.app, user.id)).pro_until ?? 0).toISOString(),
    );
    expect(stacked - shortened).toBeGreaterThan(27 * 86_400_000);
    const grants = await grantsOf(t.app, user.id);
    const revoked = grants.find((grant) => grant.payment_id === first.id);
    expect(revoked?.revoked_reason).toBe('refunded');
    expect(revoked?.actor).toBe('support:alice');

    await t.app.payments.applier.applyReversal(second.id, {
      kind: 'reversed',
      reason: 'reversed',
      actor: 'vnpay',
    });
    expect((await userEnds(t.app, user.id)).pro_until).toBeNull();
    const profile = await user.api.get('/api/userprofile');
    expect(profile.json().subscriptionTier).toBe('free');
  });

  it('unlocks the pro and godmode models and raises the daily quota with the tier', async () => {
    const user = await payingUser(t.app);
    const available = async () =>
      chatModelsResponse
        .parse((await user.api.get('/api/chat/models')).json())
        .models.filter((model) => model.available)
        .map((model) => model.id);
    const send = () => user.api.post('/api/chat/send', { Message: 'Hello', ModelId: 'sandbox' });
    expect(await available()).toEqual(['sandbox']);
    expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ limit: 1, upgradeUrl: '/plans' });

    const pro = await pendingPayment(t.app, user.id);
    await t.app.payments.applier.applyResult(pro.id, success(pro.amountMinor));
    expect(await available()).toEqual(['sandbox', 'big']);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).json()).toMatchObject({ limit: 2 });

    const god = await pendingPayment(t.app, user.id, 'godmode_monthly');
    await t.app.payments.applier.applyResult(god.id, success(god.amountMinor));
    expect(await available()).toEqual(['sandbox', 'big', 'god']);
    expect((await send()).statusCode).toBe(200);
  });

  it('the status of a VNPay payment pending for more than 10 s is confirmed with querydr', async () => {
    const user = await payingUser(t.app);
    const created = await startVnpay(user);
    await vnpayEmulator(t.app).pay(created.paymentUrl, 'success', 'ipn_never');
    const fresh = await user.api.get(`/api/payments/status/${created.orderId}`);
    expect(fresh.json().status).toBe('pending');
    clock.advance(11_000);
    const confirmed = await user.api.get(`/api/payments/status/${created.transactionRef}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'succeeded',
      membership: { subscriptionTier: 'pro' },
    });
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
    clock.reset();
  });

  it("enforces the plan's share-link count and length, naming the limit and /plans", async () => {
    const user = await payingUser(t.app);
    const share = (conversationId: string, expiresInDays = 7) =>
      user.api.post('/api/chat/share', { conversationId, expiresInDays });
    const conversations: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      conversations.push(
        await insertConversation(t.app, user.id, {
          title: `c${index}`,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      );
    }
    const tooLong = await share(conversations[0] ?? '', 31);
    expect(tooLong.statusCode).toBe(403);
    expect(tooLong.json().message).toMatch(/up to 30 days.*\/plans/);
    for (const id of conversations.slice(0, 5)) expect((await share(id)).statusCode).toBe(200);
    // Sharing one of them again replaces its link: still allowed.
    expect((await share(conversations[0] ?? '')).statusCode).toBe(200);
    const sixth = await share(conversations[5] ?? '');
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().message).toMatch(/5 active share links.*\/plans/);

    const status = async () =>
      (await user.api.get(`/api/chat/share/status/${conversations[5] ?? ''}`)).json();
    expect((await status()).maxExpiresInDays).toBe(30);

    const pro = await pendingPayment(t.app, user.id);
    await t.app.payments.applier.applyResult(pro.id, success(pro.amountMinor));
    // Pro's promise, said by the status the share dialog reads its choices from (issue 22 §5).
    expect((await status()).maxExpiresInDays).toBe(365);
    expect((await share(conversations[5] ?? '', 365)).statusCode).toBe(200);
  });
});

describe.each(databaseKinds)('reconciliation on %s', (kind) => {
  const t = useTestApp(kind, { ...relaxedAuthLimits, ...paymentsTestEnv });

  it('asks VNPay about stale pending payments, applies the answer, and expires the abandoned', async () => {
    const user = await payingUser(t.app);
    // Paid at VNPay, but the IPN never came and the payer never returned.
    const paid = await startVnpay(user);
    await vnpayEmulator(t.app).pay(paid.paymentUrl, 'success', 'ipn_never');
    // Never reached VNPay's page at all.
    const abandoned = await startVnpay(user);
    const fresh = await startVnpay(user);

    const now = new Date();
    const early = await t.app.payments.reconciliation.reconcileOnce(now);
    expect(early).toEqual({ queried: 0, expired: 0, failed: 0 });

    const later = new Date(now.getTime() + 61 * 60_000);
    const summary = await t.app.payments.reconciliation.reconcileOnce(later);
    expect(summary.queried).toBe(3);
    expect(summary.expired).toBe(2);
    const statusOf = async (id: string) => (await t.app.payments.repository.findById(id))?.status;
    expect(await statusOf(paid.orderId)).toBe('succeeded');
    expect(await statusOf(abandoned.orderId)).toBe('expired');
    expect(await statusOf(fresh.orderId)).toBe('expired');
    expect(await grantsOf(t.app, user.id)).toHaveLength(1);
  });

  it('does not expire a payment whose provider could not be asked', async () => {
    const user = await payingUser(t.app);
    const created = await startVnpay(user);
    t.app.payments.registerResolver('vnpay', async () => {
      throw new Error('VNPay is down');
    });
    try {
      const summary = await t.app.payments.reconciliation.reconcileOnce(
        new Date(Date.now() + 2 * 3_600_000),
      );
      expect(summary.failed).toBeGreaterThan(0);
      expect((await t.app.payments.repository.findById(created.orderId))?.status).toBe('pending');
    } finally {
      t.app.payments.registerResolver('vnpay', t.app.payments.vnpay.refresh);
    }
  });
});
