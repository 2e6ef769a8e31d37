import { randomUUID } from 'node:crypto';
import {
  authenticationResult,
  BIOMETRIC_MESSAGES,
  biometricCredential,
  credentialsResponse,
  PAYMENT_VERIFICATION_TTL_SECONDS,
} from '@studio/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { relaxedAuthLimits, testClock } from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { paymentsTestEnv, vndPrice } from './support/payments.ts';
import {
  authenticatorFor,
  beginRegistration,
  completeRegistration,
  type PasskeyUser,
  passkeyUser,
  registerPasskey,
  verifyWith,
} from './support/soft-authenticator.ts';
import { useTestApp } from './support/test-app.ts';

const env = { ...relaxedAuthLimits, ...paymentsTestEnv, RATE_LIMIT_API_MAX: '100000' };

async function listOf(user: PasskeyUser) {
  const response = await user.get(`/api/webauthn/credentials/${user.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return credentialsResponse.parse(response.json());
}

const startVnpay = (user: PasskeyUser) =>
  user.post('/api/payments/vnpay/create', {
    Amount: vndPrice.pro_monthly,
    Currency: 'VND',
    PlanType: 'pro_monthly',
    Description: 'Pro',
    clientTransactionId: randomUUID(),
  });

const startPaypal = (user: PasskeyUser) =>
  user.post('/api/payments/paypal/create', {
    Amount: 19.99,
    Currency: 'USD',
    PurchaseType: 'subscription',
    PurchaseId: 'pro_monthly',
    Description: 'Pro',
    clientTransactionId: randomUUID(),
  });

describe.each(databaseKinds)('WebAuthn credentials, settings and payments on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(kind, env, { now: clock.now });
  afterEach(() => clock.reset());

  const paymentsOf = (userId: string) =>
    t.app.db.selectFrom('payments').select('id').where('user_id', '=', userId).execute();

  it('lists newest first, renames (trimmed, no-op when unchanged), switches off and on, deletes', async () => {
    const user = await passkeyUser(t.app);
    const first = authenticatorFor(t.app);
    const second = authenticatorFor(t.app);
    await registerPasskey(user, first, 'First');
    clock.advance(1000);
    await registerPasskey(user, second, 'Second');
    const listed = await listOf(user);
    expect(listed.credentials.map((c) => c.credentialName)).toEqual(['Second', 'First']);
    expect(listed).toMatchObject({ requireForPayments: false, paymentVerifiedUntil: null });

    const renamed = await user.patch('/api/webauthn/credentials', {
      credentialId: first.id,
      credentialName: '  Laptop  ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(biometricCredential.parse(renamed.json()).credentialName).toBe('Laptop');
    const same = await user.patch('/api/webauthn/credentials', {
      credentialId: first.id,
      credentialName: 'Laptop',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(renamed.json());

    const off = await user.patch('/api/webauthn/credentials', {
      credentialId: first.id,
      isActive: false,
    });
    expect(biometricCredential.parse(off.json()).isActive).toBe(false);
    const on = await user.patch('/api/webauthn/credentials', {
      credentialId: first.id,
      isActive: true,
    });
    expect(biometricCredential.parse(on.json()).isActive).toBe(true);

    const deleted = await user.delete(`/api/webauthn/credentials/${encodeURIComponent(second.id)}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await listOf(user)).credentials.map((c) => c.credentialId)).toEqual([first.id]);
    const twice = await user.delete(`/api/webauthn/credentials/${encodeURIComponent(second.id)}`);
    expect(twice.statusCode).toBe(404);
  });

  it('checks credential names: trimmed, not empty, at most 50 characters (Vietnamese counted as characters)', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    await registerPasskey(user, authenticator);
    const rename = (credentialName: string) =>
      user.patch('/api/webauthn/credentials', { credentialId: authenticator.id, credentialName });

    for (const bad of ['', '   ', 'x'.repeat(51)]) {
      const response = await rename(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      const body = response.json<{ message: string; errors: string[] }>();
      expect(body.errors.join('\n')).toContain(BIOMETRIC_MESSAGES.invalidName);
    }
    const vietnamese = 'Máy tính xách tay của Trường ở văn phòng Hà Nội 12';
    expect([...vietnamese]).toHaveLength(50);
    const fifty = await rename(vietnamese.normalize('NFC'));
    expect(fifty.statusCode, fifty.body).toBe(200);
    expect(biometricCredential.parse(fifty.json()).credentialName).toBe(vietnamese);
    expect((await rename(`${vietnamese}!`)).statusCode).toBe(400);
    expect((await rename(`  ${'y'.repeat(50)}  `)).statusCode).toBe(200);

    const begin = await user.post('/api/webauthn/register/begin', {
      userId: user.id,
      credentialName: ' ',
    });
    expect(begin.statusCode).toBe(400);
    expect(begin.json<{ errors: string[] }>().errors.join()).toContain(
      BIOMETRIC_MESSAGES.invalidName,
    );
  });

  it("answers 404 for another user's credential and never changes it", async () => {
    const alice = await passkeyUser(t.app, 'alice');
    const bob = await passkeyUser(t.app, 'bob');
    const bobsKey = authenticatorFor(t.app);
    await registerPasskey(bob, bobsKey, 'Bob key');
    const rename = await alice.patch('/api/webauthn/credentials', {
      credentialId: bobsKey.id,
      credentialName: 'Mine now',
    });
    expect(rename.statusCode).toBe(404);
    const remove = await alice.delete(
      `/api/webauthn/credentials/${encodeURIComponent(bobsKey.id)}`,
    );
    expect(remove.statusCode).toBe(404);
    const unknown = await alice.delete('/api/webauthn/credentials/bm90LWEta2V5');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(remove.json());
    expect((await listOf(bob)).credentials).toMatchObject([
      { credentialName: 'Bob key', isActive: true },
    ]);
  });

  it('turns the payment requirement on only with an active credential, off only after a manage verification', async () => {
    const user = await passkeyUser(t.app);
    const noKey = await user.put('/api/webauthn/settings', { requireForPayments: true });
    expect(noKey.statusCode).toBe(409);
    expect(noKey.json()).toMatchObject({ error: 'noCredentials' });

    const authenticator = authenticatorFor(t.app);
    await registerPasskey(user, authenticator);
    const on = await user.put('/api/webauthn/settings', { requireForPayments: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ requireForPayments: true });
    expect((await listOf(user)).requireForPayments).toBe(true);

    const offUnverified = await user.put('/api/webauthn/settings', { requireForPayments: false });
    expect(offUnverified.statusCode).toBe(403);
    expect(offUnverified.json()).toEqual({
      message: BIOMETRIC_MESSAGES.verificationRequired,
      error: 'verificationRequired',
    });
    // A payment verification is not a manage one.
    expect((await verifyWith(user, authenticator, 'payment')).statusCode).toBe(200);
    expect(
      (await user.put('/api/webauthn/settings', { requireForPayments: false })).statusCode,
    ).toBe(403);

    expect((await verifyWith(user, authenticator, 'manage')).statusCode).toBe(200);
    clock.advance(301_000);
    expect(
      (await user.put('/api/webauthn/settings', { requireForPayments: false })).statusCode,
    ).toBe(403);
    expect((await verifyWith(user, authenticator, 'manage')).statusCode).toBe(200);
    const off = await user.put('/api/webauthn/settings', { requireForPayments: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ requireForPayments: false });
  });

  it('refuses to delete or switch off the last active credential while payments require one', async () => {
    const user = await passkeyUser(t.app);
    const first = authenticatorFor(t.app);
    const second = authenticatorFor(t.app);
    await registerPasskey(user, first, 'First');
    await registerPasskey(user, second, 'Second');
    expect(
      (await user.put('/api/webauthn/settings', { requireForPayments: true })).statusCode,
    ).toBe(200);

    const offFirst = await user.patch('/api/webauthn/credentials', {
      credentialId: first.id,
      isActive: false,
    });
    expect(offFirst.statusCode, offFirst.body).toBe(200);
    const offSecond = await user.patch('/api/webauthn/credentials', {
      credentialId: second.id,
      isActive: false,
    });
    expect(offSecond.statusCode).toBe(409);
    expect(offSecond.json()).toEqual({
      message: BIOMETRIC_MESSAGES.lastCredentialRequired,
      error: 'lastCredentialRequired',
    });
    const deleteSecond = await user.delete(
      `/api/webauthn/credentials/${encodeURIComponent(second.id)}`,
    );
    expect(deleteSecond.statusCode).toBe(409);
    // The inactive one may go; renaming the last active one is fine.
    expect(
      (await user.delete(`/api/webauthn/credentials/${encodeURIComponent(first.id)}`)).statusCode,
    ).toBe(204);
    expect(
      (
        await user.patch('/api/webauthn/credentials', {
          credentialId: second.id,
          credentialName: 'Only',
        })
      ).statusCode,
    ).toBe(200);
    expect((await listOf(user)).credentials).toMatchObject([
      { credentialName: 'Only', isActive: true },
    ]);
  });

  it('blocks payment creation when required, until a payment verification, and again after it expires', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    await registerPasskey(user, authenticator);
    // Not required: payments start as before.
    expect((await startVnpay(user)).statusCode).toBe(200);
    expect(await paymentsOf(user.id)).toHaveLength(1);

    expect(
      (await user.put('/api/webauthn/settings', { requireForPayments: true })).statusCode,
    ).toBe(200);
    for (const start of [startVnpay, startPaypal]) {
      const blocked = await start(user);
      expect(blocked.statusCode, blocked.body).toBe(403);
      expect(blocked.json()).toEqual({
        message: BIOMETRIC_MESSAGES.verificationRequired,
        error: 'verificationRequired',
      });
    }
    expect(await paymentsOf(user.id)).toHaveLength(1);

    // A manage verification does not open payments.
    expect((await verifyWith(user, authenticator, 'manage')).statusCode).toBe(200);
    expect((await startVnpay(user)).statusCode).toBe(403);

    const verified = await verifyWith(user, authenticator, 'payment');
    expect(authenticationResult.parse(verified.json()).success).toBe(true);
    expect((await startVnpay(user)).statusCode).toBe(200);
    const paypal = await startPaypal(user);
    expect(paypal.statusCode, paypal.body).toBe(200);
    expect(await paymentsOf(user.id)).toHaveLength(3);

    clock.advance((PAYMENT_VERIFICATION_TTL_SECONDS + 1) * 1000);
    // The access token is 15 minutes long; the clock moved ten.
    expect((await startVnpay(user)).statusCode).toBe(403);
    expect((await startPaypal(user)).statusCode).toBe(403);
    expect(await paymentsOf(user.id)).toHaveLength(3);
    expect((await listOf(user)).paymentVerifiedUntil).toBeNull();

    // Another user's verification opens nothing for this one.
    const other = await passkeyUser(t.app, 'other');
    const otherKey = authenticatorFor(t.app);
    await registerPasskey(other, otherKey);
    expect((await verifyWith(other, otherKey, 'payment')).statusCode).toBe(200);
    expect((await startVnpay(user)).statusCode).toBe(403);
  });

  it('deletes the credentials, challenges and verifications with the account', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    await registerPasskey(user, authenticator);
    expect((await verifyWith(user, authenticator, 'payment')).statusCode).toBe(200);
    await beginRegistration(user);
    const deleted = await user.send('DELETE', '/api/userprofile', { confirm: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const table of [
      'webauthn_credentials',
      'webauthn_challenges',
      'webauthn_verifications',
      'webauthn_accounts',
    ] as const) {
      const rows = await t.app.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows, table).toEqual([]);
    }

    // The credential id is free again: a new account may register that authenticator.
    const next = await passkeyUser(t.app);
    const options = await beginRegistration(next);
    expect((await completeRegistration(next, authenticator.register(options))).statusCode).toBe(
      200,
    );
  });
});
