import { randomUUID } from 'node:crypto';
import { paypalCreateResponse } from '@studio/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import {
  call,
  CookieJar,
  latestCode,
  mailTo,
  refreshCookie,
  registerAccount,
  relaxedAuthLimits,
  signInWithCode,
  uniqueEmail,
} from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import {
  grantsOf,
  payingUser,
  paymentsTestEnv,
  returnParams,
  startVnpay,
  statusOf,
  vndPrice,
  vnpayEmulator,
} from './support/payments.ts';
import { useSharedDatabaseApps } from './support/shared-database-apps.ts';
import {
  authenticatorFor,
  beginAuthentication,
  chromeOnLinux,
  completeAuthentication,
  passkeyUser,
  registerPasskey,
} from './support/soft-authenticator.ts';

const password = 'one use, whichever process';
const attempts = 10;

/** The same request fired `attempts` times at once, alternating between the apps. */
function fireAtBoth(
  apps: App[],
  send: (app: App, index: number) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  return Promise.all(
    Array.from({ length: attempts }, (_, index) => send(apps[index % apps.length] as App, index)),
  );
}

const statusesOf = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const successes = (responses: LightMyRequestResponse[]) =>
  responses.filter((response) => response.statusCode === 200);

/**
 * Every single-use record consumed 10 times at once: exactly one use succeeds. On PostgreSQL
 * through two apps on one schema (two processes of one deployment); SQLite is the one-process
 * default (two processes writing one SQLite file at once get SQLITE_BUSY), so there one app
 * takes all ten.
 */
describe.each(databaseKinds)('single-use records under concurrency on %s', (kind) => {
  const shared = useSharedDatabaseApps(kind, kind === 'postgres' ? 2 : 1, {
    ...relaxedAuthLimits,
    ...paymentsTestEnv,
    RATE_LIMIT_API_MAX: '100000',
  });

  it('a one-time sign-in code signs in once', async () => {
    const { apps } = shared;
    const email = uniqueEmail('code');
    await call(apps[0] as App, 'POST', '/api/auth/request-code', { email });
    const code = await latestCode(apps[0] as App, email);
    const responses = await fireAtBoth(apps, (app) =>
      call(app, 'POST', '/api/auth/verify-code', { email, code }),
    );
    expect(successes(responses)).toHaveLength(1);
    for (const response of responses) {
      if (response.statusCode !== 200) expect(response.json()).toEqual({ message: 'Invalid code' });
    }
  });

  it('simultaneous wrong guesses cannot compare more than 5 guesses between them', async () => {
    const { apps } = shared;
    const email = uniqueEmail('guesses');
    await call(apps[0] as App, 'POST', '/api/auth/request-code', { email });
    const code = await latestCode(apps[0] as App, email);
    const wrong = code === '000000' ? '000001' : '000000';
    await fireAtBoth(apps, (app) =>
      call(app, 'POST', '/api/auth/verify-code', { email, code: wrong }),
    );
    // Five guesses were spent: the right code now comes too late.
    expect(
      (await call(apps.at(-1) as App, 'POST', '/api/auth/verify-code', { email, code })).statusCode,
    ).toBe(401);
  });

  it('a registration is confirmed once: one account, one session', async () => {
    const { apps } = shared;
    const email = uniqueEmail('register');
    const started = await call(apps[0] as App, 'POST', '/api/auth/register', {
      username: 'twice',
      email,
      password,
    });
    expect(started.statusCode, started.body).toBe(202);
    const code = await latestCode(apps[0] as App, email);
    const responses = await fireAtBoth(apps, (app) =>
      call(app, 'POST', '/api/auth/register/confirm', { email, code }),
    );
    expect(successes(responses)).toHaveLength(1);
    const accounts = await (apps.at(-1) as App).db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(accounts).toHaveLength(1);
  });

  it('a password-reset link sets the password once', async () => {
    const { apps } = shared;
    const email = uniqueEmail('reset');
    await registerAccount(apps[0] as App, { email, password });
    await call(apps[0] as App, 'POST', '/api/auth/request-password-reset', { email });
    const [mail] = await mailTo(apps[0] as App, email);
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const responses = await fireAtBoth(apps, (app) =>
      call(app, 'POST', '/api/auth/complete-reset-password', {
        token,
        newPassword: `${password} ${app === apps[0] ? 'a' : 'b'}`,
      }),
    );
    expect(successes(responses)).toHaveLength(1);
    // The others: the link is used (400), or the password queue was full (503); never a 200.
    expect(statusesOf(responses).every((status) => [200, 400, 503].includes(status))).toBe(true);
  });

  it('a refresh token is rotated once; the reuse revokes the family', async () => {
    const { apps } = shared;
    const { jar } = await signInWithCode(apps[0] as App, uniqueEmail('refresh'));
    const responses = await fireAtBoth(apps, (app) => {
      const copy = new CookieJar();
      for (const [name, value] of jar.jar) copy.set(name, value);
      return call(app, 'POST', '/api/auth/refresh', undefined, { jar: copy });
    });
    const winners = successes(responses);
    expect(winners).toHaveLength(1);
    expect(statusesOf(responses).filter((status) => status === 401)).toHaveLength(attempts - 1);

    // The winner's new token belongs to the revoked family: it fails too (security.md §2).
    const next = new CookieJar().take(winners[0] as LightMyRequestResponse);
    next.set('XSRF-TOKEN', jar.cookies['XSRF-TOKEN'] ?? '');
    expect(next.cookies[refreshCookie]).toBeDefined();
    expect(
      (await call(apps.at(-1) as App, 'POST', '/api/auth/refresh', undefined, { jar: next }))
        .statusCode,
    ).toBe(401);
  });

  it('a WebAuthn challenge verifies once', async () => {
    const { apps } = shared;
    const user = await passkeyUser(apps[0] as App);
    const authenticator = authenticatorFor(apps[0] as App);
    await registerPasskey(user, authenticator);
    const assertion = authenticator.assert(await beginAuthentication(user));
    const url = `/api/webauthn/authenticate/complete?userId=${encodeURIComponent(user.id)}&purpose=payment`;
    const responses = await fireAtBoth(apps, (app) =>
      call(app, 'POST', url, assertion, {
        jar: user.jar,
        bearer: user.bearer,
        headers: { 'user-agent': chromeOnLinux },
      }),
    );
    expect(successes(responses)).toHaveLength(1);
    for (const response of responses) {
      if (response.statusCode !== 200) expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('a VNPay payment is applied once when its IPN and return arrive at both processes', async () => {
    const { apps } = shared;
    const user = await payingUser(apps[0] as App);
    const created = await startVnpay(user);
    const paid = await vnpayEmulator(apps[0] as App).pay(
      created.paymentUrl,
      'success',
      'ipn_never',
    );
    const ipnUrl = `/api/payments/vnpay/ipn?${new URL(paid.returnUrl).searchParams}`;
    // Returns through the first app (the user's), IPNs through the last.
    const responses = await fireAtBoth(apps, (_app, index) =>
      index % 2 === 0
        ? user.api.post('/api/payments/vnpay/callback', returnParams(paid.returnUrl))
        : (apps.at(-1) as App).inject({ method: 'GET', url: ipnUrl }),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const ipnCodes = responses
      .filter((_, index) => index % 2 === 1)
      .map((response) => response.json<{ RspCode: string }>().RspCode);
    expect(ipnCodes.every((code) => code === '00' || code === '02')).toBe(true);
    expect(await grantsOf(apps.at(-1) as App, user.id)).toHaveLength(1);
    expect((await statusOf(user, created.orderId)).status).toBe('succeeded');
  });

  it('a PayPal capture fired at once captures once and grants once', async () => {
    // PayPal's emulator lives inside each app (its orders are that app's): one app takes all ten.
    const [app] = shared.apps as [App];
    const paypal = app.payments.sandbox.paypal;
    if (!paypal) throw new Error('PayPal is not in sandbox mode');
    const user = await payingUser(app);
    const created = await user.api.post('/api/payments/paypal/create', {
      Amount: 19.99,
      Currency: 'USD',
      PurchaseType: 'subscription',
      PurchaseId: 'pro_monthly',
      Description: 'Pro',
      clientTransactionId: randomUUID(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = paypalCreateResponse.parse(created.json());
    const approved = await paypal.approve(order.providerOrderId, 'approve');
    const back = new URL(approved.redirectUrl ?? '').searchParams;
    const responses = await fireAtBoth([app], () =>
      user.api.post('/api/payments/paypal/capture', {
        orderId: back.get('token'),
        txnRef: back.get('txnRef'),
      }),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ status: string }>().status).toBe('succeeded');
    }
    await paypal.settled();
    expect(await grantsOf(app, user.id)).toHaveLength(1);
  });

  it('a payment verification authorises the one payment it is first used for', async () => {
    const { apps } = shared;
    const user = await passkeyUser(apps[0] as App);
    const authenticator = authenticatorFor(apps[0] as App);
    await registerPasskey(user, authenticator);
    expect(
      (await user.put('/api/webauthn/settings', { requireForPayments: true })).statusCode,
    ).toBe(200);
    const verified = await completeAuthentication(
      user,
      authenticator.assert(await beginAuthentication(user)),
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const plans = ['pro_monthly', 'pro_yearly'] as const;
    const responses = await fireAtBoth(apps, (app, index) => {
      const plan = plans[index % 2] ?? 'pro_monthly';
      return call(
        app,
        'POST',
        '/api/payments/vnpay/create',
        {
          Amount: vndPrice[plan],
          Currency: 'VND',
          PlanType: plan,
          Description: 'Pro',
          clientTransactionId: randomUUID(),
        },
        { jar: user.jar, bearer: user.bearer, headers: { 'user-agent': chromeOnLinux } },
      );
    });
    const paid = responses.flatMap((response, index) =>
      response.statusCode === 200 ? [plans[index % 2]] : [],
    );
    expect(paid.length).toBeGreaterThan(0);
    expect(new Set(paid).size).toBe(1);
    for (const response of responses) {
      if (response.statusCode !== 200) expect(response.statusCode, response.body).toBe(403);
    }
  });
});
