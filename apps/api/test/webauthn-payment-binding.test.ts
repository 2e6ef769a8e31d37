import { randomUUID } from 'node:crypto';
import {
  BIOMETRIC_MESSAGES,
  credentialsResponse,
  PAYMENT_VERIFICATION_TTL_SECONDS,
  type PlanType,
  vnpayCreateResponse,
} from '@studio/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { call, relaxedAuthLimits, signInWithCode, testClock } from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { paymentsTestEnv, vndPrice, vnpayEmulator } from './support/payments.ts';
import {
  authenticatorFor,
  chromeOnLinux,
  type PasskeyUser,
  passkeyUser,
  registerPasskey,
  verifyWith,
} from './support/soft-authenticator.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * Issue 13 §10: with "require a passkey before payment" on, a verification belongs to the
 * sign-in that made it and authorises the one payment it was made for (that payment's retries
 * included), not a series of payments.
 */

const env = { ...relaxedAuthLimits, ...paymentsTestEnv, RATE_LIMIT_API_MAX: '100000' };

/** Another sign-in of the same person (a second browser, or signing in again). */
async function signInAgain(app: App, user: PasskeyUser): Promise<PasskeyUser> {
  const { session, jar } = await signInWithCode(app, user.email);
  expect(session.user.id).toBe(user.id);
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    call(app, method, url, body, {
      jar,
      bearer: session.accessToken,
      headers: { 'user-agent': chromeOnLinux },
    });
  return {
    ...user,
    bearer: session.accessToken,
    jar,
    send,
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body),
    patch: (url, body) => send('PATCH', url, body),
    put: (url, body) => send('PUT', url, body),
    delete: (url) => send('DELETE', url),
  };
}

const vnpay = (
  user: PasskeyUser,
  plan: PlanType = 'pro_monthly',
  clientTransactionId = randomUUID(),
) =>
  user.post('/api/payments/vnpay/create', {
    Amount: vndPrice[plan],
    Currency: 'VND',
    PlanType: plan,
    Description: 'Pro',
    clientTransactionId,
  });

const paypal = (user: PasskeyUser) =>
  user.post('/api/payments/paypal/create', {
    Amount: 19.99,
    Currency: 'USD',
    PurchaseType: 'subscription',
    PurchaseId: 'pro_monthly',
    Description: 'Pro',
    clientTransactionId: randomUUID(),
  });

function expectVerificationRequired(response: Awaited<ReturnType<PasskeyUser['post']>>) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toEqual({
    message: BIOMETRIC_MESSAGES.verificationRequired,
    error: 'verificationRequired',
  });
}

describe.each(databaseKinds)('a payment verification is bound to its sign-in on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(kind, env, { now: clock.now });
  afterEach(() => clock.reset());

  /** A user with a passkey and the requirement on, signed in once. */
  async function protectedUser(label: string) {
    const user = await passkeyUser(t.app, label);
    const authenticator = authenticatorFor(t.app);
    await registerPasskey(user, authenticator);
    const on = await user.put('/api/webauthn/settings', { requireForPayments: true });
    expect(on.statusCode, on.body).toBe(200);
    return { user, authenticator };
  }

  const verificationRows = (userId: string) =>
    t.app.db
      .selectFrom('webauthn_verifications')
      .select(['session_key', 'purpose'])
      .where('user_id', '=', userId)
      .execute();

  it('refuses a second session of the same user that never verified (403); the verifying one may pay', async () => {
    const { user, authenticator } = await protectedUser('bind-second');
    const other = await signInAgain(t.app, user);
    expect((await verifyWith(user, authenticator, 'payment')).statusCode).toBe(200);

    expectVerificationRequired(await vnpay(other));
    expectVerificationRequired(await paypal(other));
    const own = await vnpay(user);
    expect(own.statusCode, own.body).toBe(200);
    // Each sign-in sees its own verification only.
    const listed = async (who: PasskeyUser) =>
      credentialsResponse.parse((await who.get(`/api/webauthn/credentials/${who.id}`)).json());
    expect((await listed(user)).paymentVerifiedUntil).not.toBeNull();
    expect((await listed(other)).paymentVerifiedUntil).toBeNull();
  });

  it('ends the verification at sign-out: a new sign-in is refused (403)', async () => {
    const { user, authenticator } = await protectedUser('bind-signout');
    expect((await verifyWith(user, authenticator, 'payment')).statusCode).toBe(200);
    expect(await verificationRows(user.id)).toHaveLength(1);

    expect((await user.post('/api/auth/logout', {})).statusCode).toBe(204);
    expect(await verificationRows(user.id)).toHaveLength(0);

    const again = await signInAgain(t.app, user);
    expectVerificationRequired(await vnpay(again));
    expectVerificationRequired(await paypal(again));
  });

  it('ends it when the session is signed out from elsewhere, and at "sign out everywhere"', async () => {
    const { user, authenticator } = await protectedUser('bind-revoke');
    const other = await signInAgain(t.app, user);
    expect((await verifyWith(user, authenticator, 'payment')).statusCode).toBe(200);
    expect((await verifyWith(other, authenticator, 'payment')).statusCode).toBe(200);
    expect(await verificationRows(user.id)).toHaveLength(2);

    const sessions = (await other.get('/api/auth/sessions')).json() as {
      sessions: { id: string; current: boolean }[];
    };
    const first = sessions.sessions.find((session) => !session.current);
    if (!first) throw new Error('the first session is not listed');
    expect((await other.delete(`/api/auth/sessions/${first.id}`)).statusCode).toBe(204);
    expect(await verificationRows(user.id)).toHaveLength(1);

    expect((await other.post('/api/auth/signout-everywhere', {})).statusCode).toBe(204);
    expect(await verificationRows(user.id)).toHaveLength(0);
  });

  it("authorises its payment's retries (same plan, new or same transaction id, either provider)", async () => {
    const { user, authenticator } = await protectedUser('bind-retry');
    expect((await verifyWith(user, authenticator, 'payment')).statusCode).toBe(200);

    const clientTransactionId = randomUUID();
    const first = await vnpay(user, 'pro_monthly', clientTransactionId);
    expect(first.statusCode, first.body).toBe(200);
    // A double click: the same id answers the same payment.
    const doubleClick = await vnpay(user, 'pro_monthly', clientTransactionId);
    expect(doubleClick.statusCode, doubleClick.body).toBe(200);
    expect(vnpayCreateResponse.parse(doubleClick.json()).orderId).toBe(
      vnpayCreateResponse.parse(first.json()).orderId,
    );
    // Tried again after a failed start (each click has a new id), or with the other provider.
    expect((await vnpay(user)).statusCode).toBe(200);
    const otherProvider = await paypal(user);
    expect(otherProvider.statusCode, otherProvider.body).toBe(200);
  });

  it('refuses a second, different payment after the first (403)', async () => {
    const { user, authenticator } = await protectedUser('bind-series');
    expect((await verifyWith(user, authenticator, 'payment')).statusCode).toBe(200);
    expect((await vnpay(user, 'pro_monthly')).statusCode).toBe(200);
    expectVerificationRequired(await vnpay(user, 'pro_yearly'));
    expectVerificationRequired(await vnpay(user, 'godmode_monthly'));
    // The payment it was made for is still open to retries.
    expect((await vnpay(user, 'pro_monthly')).statusCode).toBe(200);
  });

  it('refuses the same plan again once its payment has been paid (403)', async () => {
    const { user, authenticator } = await protectedUser('bind-paid');
    expect((await verifyWith(user, authenticator, 'payment')).statusCode).toBe(200);
    const created = await vnpay(user);
    expect(created.statusCode, created.body).toBe(200);
    const paid = await vnpayEmulator(t.app).pay(
      vnpayCreateResponse.parse(created.json()).paymentUrl,
      'success',
      'ipn_first',
    );
    expect(paid).toBeTruthy();
    const row = await t.app.db
      .selectFrom('payments')
      .select('paid_at')
      .where('id', '=', vnpayCreateResponse.parse(created.json()).orderId)
      .executeTakeFirstOrThrow();
    expect(row.paid_at).not.toBeNull();

    expectVerificationRequired(await vnpay(user));
    // A new verification authorises the next payment.
    expect((await verifyWith(user, authenticator, 'payment')).statusCode).toBe(200);
    expect((await vnpay(user)).statusCode).toBe(200);
  });

  it('still expires after PAYMENT_VERIFICATION_TTL_SECONDS, retries included (403)', async () => {
    const { user, authenticator } = await protectedUser('bind-expiry');
    expect((await verifyWith(user, authenticator, 'payment')).statusCode).toBe(200);
    expect((await vnpay(user)).statusCode).toBe(200);
    clock.advance((PAYMENT_VERIFICATION_TTL_SECONDS - 5) * 1000);
    expect((await vnpay(user)).statusCode).toBe(200);
    clock.advance(6 * 1000);
    expectVerificationRequired(await vnpay(user));
  });

  it('binds a manage verification to its sign-in too: another session cannot turn the requirement off', async () => {
    const { user, authenticator } = await protectedUser('bind-manage');
    const other = await signInAgain(t.app, user);
    expect((await verifyWith(user, authenticator, 'manage')).statusCode).toBe(200);
    const refused = await other.put('/api/webauthn/settings', { requireForPayments: false });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'verificationRequired' });
    const off = await user.put('/api/webauthn/settings', { requireForPayments: false });
    expect(off.statusCode, off.body).toBe(200);
  });
});
