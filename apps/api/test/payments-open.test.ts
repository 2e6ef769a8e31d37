import { randomUUID } from 'node:crypto';
import { membershipResponse, paymentStatusResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import {
  minutes,
  relaxedAuthLimits,
  signInWithCode,
  testClock,
  uniqueEmail,
} from './support/auth.ts';
import { asUser } from './support/chat-rows.ts';
import { databaseKinds } from './support/databases.ts';
import {
  type PayingUser,
  payingUser,
  paymentsTestEnv,
  returnParams,
  startPaypal,
  startVnpay,
  vnpayEmulator,
} from './support/payments.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * A payment the payer walked away from (issue 22 §5): it expires when its provider's own window
 * closes (VNPay's vnp_ExpireDate, PayPal's 3 hours to approve), the history shows it so at once,
 * until then it can be finished at the provider again, and its owner can cancel it.
 */
describe.each(databaseKinds)('open payments on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(
    kind,
    { ...relaxedAuthLimits, ...paymentsTestEnv, LOG_LEVEL: 'warn' },
    { now: clock.now },
  );

  /** A payer, and their email to sign in again once the clock has run past their token. */
  async function payer(label: string) {
    const email = uniqueEmail(label);
    const { session } = await signInWithCode(t.app, email);
    const user: PayingUser = {
      id: session.user.id,
      bearer: session.accessToken,
      api: asUser(t.app, session.accessToken),
    };
    return { user, email };
  }

  async function history(user: PayingUser) {
    const response = await user.api.get('/api/membership');
    expect(response.statusCode, response.body).toBe(200);
    return membershipResponse.parse(response.json()).payments;
  }

  /** The history as its owner reads it now, signed in afresh. */
  async function historyNow(email: string) {
    const { session } = await signInWithCode(t.app, email);
    const response = await asUser(t.app, session.accessToken).get('/api/membership');
    expect(response.statusCode, response.body).toBe(200);
    return membershipResponse.parse(response.json()).payments;
  }

  const cancel = (user: PayingUser, id: string) => user.api.post(`/api/payments/${id}/cancel`, {});

  it("expires an abandoned VNPay payment when VNPay's link does, and offers the link until then", async () => {
    clock.reset();
    const { user, email } = await payer('vnpay-abandoned');
    const created = await startVnpay(user);
    const row = await t.app.payments.repository.findById(created.orderId);
    const createdAt = row?.createdAt.getTime() ?? 0;
    expect((row?.expiresAt.getTime() ?? 0) - createdAt).toBe(minutes(15));
    // The link we signed ends when the payment does (GMT+7, to the second).
    const expireDate = new URL(created.paymentUrl).searchParams.get('vnp_ExpireDate') ?? '';
    const gmt7 = new Date((row?.expiresAt.getTime() ?? 0) + 7 * 3_600_000);
    expect(expireDate).toBe(gmt7.toISOString().replace(/[-:T]/g, '').slice(0, 14));

    const open = await history(user);
    expect(open[0]).toMatchObject({ status: 'pending', outcome: 'pending' });
    expect(open[0]?.retryUrl).toBe(created.paymentUrl);

    clock.advance(minutes(14));
    expect((await historyNow(email))[0]?.status).toBe('pending');
    clock.advance(minutes(2));
    const closed = await historyNow(email);
    expect(closed[0]).toMatchObject({ status: 'expired', reason: 'expired', retryUrl: null });
    // VNPay's page refuses the link as well.
    await expect(
      vnpayEmulator(t.app).pay(created.paymentUrl, 'success', 'ipn_never'),
    ).rejects.toThrow();
    clock.reset();
  });

  it('expires an unapproved PayPal payment after the 3 hours PayPal keeps the order', async () => {
    clock.reset();
    const { user, email } = await payer('paypal-abandoned');
    const created = await startPaypal(user);
    const open = await history(user);
    expect(open[0]).toMatchObject({ status: 'pending', retryUrl: created.approvalUrl });

    clock.advance(minutes(179));
    expect((await historyNow(email))[0]?.status).toBe('pending');
    clock.advance(minutes(2));
    expect((await historyNow(email))[0]).toMatchObject({ status: 'expired', retryUrl: null });
    clock.reset();
  });

  it('lets the owner cancel an open VNPay or PayPal payment; a second cancel is refused', async () => {
    clock.reset();
    const user = await payingUser(t.app);
    const vnpay = await startVnpay(user);
    const cancelled = await cancel(user, vnpay.orderId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(paymentStatusResponse.parse(cancelled.json())).toMatchObject({
      status: 'cancelled',
      outcome: 'cancelled',
      retryUrl: null,
      membership: { subscriptionTier: 'free' },
    });
    const again = await cancel(user, vnpay.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment has already ended and cannot be cancelled.');

    const paypal = await startPaypal(user);
    const byReference = await cancel(user, paypal.transactionRef);
    expect(byReference.statusCode, byReference.body).toBe(200);
    expect(byReference.json().status).toBe('cancelled');
    const statuses = (await history(user)).map((payment) => payment.status);
    expect(statuses).toEqual(['cancelled', 'cancelled']);
  });

  it("answers 404 for another user's payment and changes nothing", async () => {
    const owner = await payingUser(t.app, 'owner');
    const stranger = await payingUser(t.app, 'stranger');
    const created = await startVnpay(owner);
    for (const id of [created.orderId, created.transactionRef]) {
      const response = await cancel(stranger, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Payment not found' });
    }
    expect((await history(owner))[0]?.status).toBe('pending');
    const unknown = await cancel(owner, randomUUID());
    expect(unknown.statusCode).toBe(404);
  });

  it('applies money VNPay took instead of cancelling it, and keeps money paid after a cancel', async () => {
    clock.reset();
    const user = await payingUser(t.app);
    // Paid at VNPay, but neither the IPN nor the return reached us: the cancel asks VNPay first.
    const paid = await startVnpay(user);
    await vnpayEmulator(t.app).pay(paid.paymentUrl, 'success', 'ipn_never');
    const answer = await cancel(user, paid.orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      status: 'succeeded',
      membership: { subscriptionTier: 'pro' },
    });

    // Cancelled here, then paid on VNPay's page still open in another tab: the IPN's money is
    // not dropped as "already confirmed" but held for a person to grant or refund.
    const later = await startVnpay(user);
    expect((await cancel(user, later.orderId)).json().status).toBe('cancelled');
    const laterPaid = await vnpayEmulator(t.app).pay(later.paymentUrl, 'success', 'ipn_never');
    const ipn = await t.app.inject({
      method: 'GET',
      url: `/api/payments/vnpay/ipn?${new URLSearchParams(returnParams(laterPaid.returnUrl))}`,
    });
    expect(ipn.json().RspCode).toBe('00');
    expect((await t.app.payments.repository.findById(later.orderId))?.status).toBe('needs_review');
  });
});
