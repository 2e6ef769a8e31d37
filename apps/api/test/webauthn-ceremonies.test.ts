import { randomBytes } from 'node:crypto';
import {
  authenticationResult,
  BIOMETRIC_MESSAGES,
  credentialsResponse,
  PAYMENT_VERIFICATION_TTL_SECONDS,
  registrationResult,
  WEBAUTHN_CHALLENGE_TTL_SECONDS,
} from '@studio/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { relaxedAuthLimits, testClock } from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import {
  authenticatorFor,
  beginAuthentication,
  beginRegistration,
  completeAuthentication,
  completeRegistration,
  passkeyUser,
  registerPasskey,
  SoftAuthenticator,
  verifyWith,
} from './support/soft-authenticator.ts';
import { useTestApp } from './support/test-app.ts';

const relaxedLimits = { ...relaxedAuthLimits, RATE_LIMIT_API_MAX: '100000' };

/** A refused ceremony: 400, the §3 result shape, and the §8 code. */
function expectFailure(response: LightMyRequestResponse, code: string, status = 400) {
  expect(response.statusCode, response.body).toBe(status);
  const body = registrationResult.parse(response.json());
  expect(body).toMatchObject({ success: false, error: code });
  expect(body.errorMessage).toBe(body.message);
  expect(body.errorMessage).toBeTruthy();
}

describe.each(databaseKinds)('WebAuthn ceremonies on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(kind, relaxedLimits, { now: clock.now });
  afterEach(() => clock.reset());

  async function storedCredential(credentialId: string) {
    return t.app.db
      .selectFrom('webauthn_credentials')
      .selectAll()
      .where('credential_id', '=', credentialId)
      .executeTakeFirstOrThrow();
  }

  it('offers options bound to this relying party with a random user handle and the user’s credentials excluded', async () => {
    const user = await passkeyUser(t.app);
    const first = await beginRegistration(user);
    expect(first.rp).toEqual({ name: 'AI Studio', id: 'localhost' });
    expect(first.attestation).toBe('none');
    expect(first.authenticatorSelection).toMatchObject({
      residentKey: 'preferred',
      userVerification: 'required',
    });
    expect(first.pubKeyCredParams.map((param) => param.alg)).toEqual(
      expect.arrayContaining([-7, -8, -257]),
    );
    expect(first.timeout).toBe(WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000);
    expect(Buffer.from(first.challenge, 'base64url')).toHaveLength(32);
    const handle = Buffer.from(first.user.id, 'base64url');
    expect(handle).toHaveLength(32);
    expect(first.user.id).not.toContain(Buffer.from(user.id).toString('base64url'));
    expect(handle.toString('utf8')).not.toContain(user.email);
    expect(first.excludeCredentials).toEqual([]);

    const authenticator = authenticatorFor(t.app);
    await registerPasskey(user, authenticator);
    const second = await beginRegistration(user, 'Phone');
    // The handle is stable; the challenge is new; the registered credential is excluded.
    expect(second.user.id).toBe(first.user.id);
    expect(second.challenge).not.toBe(first.challenge);
    expect(second.excludeCredentials.map((c) => c.id)).toEqual([authenticator.id]);
  });

  it('registers, then verifies a payment: the counter goes up, lastUsed is set, verifiedUntil is returned', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    const credential = await registerPasskey(user, authenticator, '  Work laptop  ');
    expect(credential).toMatchObject({
      credentialId: authenticator.id,
      credentialName: 'Work laptop',
      deviceInfo: 'Chrome on Linux',
      lastUsed: null,
      isActive: true,
    });
    const row = await storedCredential(authenticator.id);
    expect(Number(row.counter)).toBe(0);
    expect(JSON.parse(row.transports)).toEqual(['internal']);
    expect(row.device_type).toBe('singleDevice');

    const options = await beginAuthentication(user, 'payment');
    expect(options.rpId).toBe('localhost');
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.id]);
    const before = clock.now().getTime();
    const response = await completeAuthentication(user, authenticator.assert(options), 'payment');
    expect(response.statusCode, response.body).toBe(200);
    const result = authenticationResult.parse(response.json());
    expect(result).toMatchObject({
      success: true,
      errorMessage: null,
      credentialId: authenticator.id,
    });
    const until = Date.parse(result.verifiedUntil ?? '');
    expect(until - before).toBeGreaterThanOrEqual(PAYMENT_VERIFICATION_TTL_SECONDS * 1000 - 1000);
    expect(until - before).toBeLessThanOrEqual(PAYMENT_VERIFICATION_TTL_SECONDS * 1000 + 5000);

    const after = await storedCredential(authenticator.id);
    expect(Number(after.counter)).toBe(1);
    expect(after.last_used_at).not.toBeNull();
    const list = credentialsResponse.parse(
      (await user.get(`/api/webauthn/credentials/${user.id}`)).json(),
    );
    expect(list.paymentVerifiedUntil).toBe(result.verifiedUntil);
    expect(list.credentials[0]?.lastUsed).not.toBeNull();

    const again = await verifyWith(user, authenticator, 'payment');
    expect(again.statusCode, again.body).toBe(200);
    expect(Number((await storedCredential(authenticator.id)).counter)).toBe(2);
  });

  it('refuses a replayed assertion: the challenge was used', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    await registerPasskey(user, authenticator);
    const options = await beginAuthentication(user);
    const assertion = authenticator.assert(options);
    expect((await completeAuthentication(user, assertion)).statusCode).toBe(200);
    expectFailure(await completeAuthentication(user, assertion), 'sessionExpired');

    // Even after a new begin, the old assertion carries the old challenge.
    await beginAuthentication(user);
    expectFailure(await completeAuthentication(user, assertion), 'verificationFailed');
  });

  it('uses a challenge once even when the attempt fails', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    await registerPasskey(user, authenticator);
    const options = await beginAuthentication(user);
    expectFailure(
      await completeAuthentication(user, authenticator.assert(options, { uv: false })),
      'verificationFailed',
    );
    // A correct assertion for the same challenge comes too late.
    expectFailure(
      await completeAuthentication(user, authenticator.assert(options)),
      'sessionExpired',
    );
  });

  it('refuses an expired challenge, for registration and for authentication', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    const registration = await beginRegistration(user);
    clock.advance((WEBAUTHN_CHALLENGE_TTL_SECONDS + 1) * 1000);
    expectFailure(
      await completeRegistration(user, authenticator.register(registration)),
      'sessionExpired',
    );
    clock.reset();

    const other = await passkeyUser(t.app);
    const otherAuthenticator = authenticatorFor(t.app);
    await registerPasskey(other, otherAuthenticator);
    const options = await beginAuthentication(other);
    clock.advance((WEBAUTHN_CHALLENGE_TTL_SECONDS + 1) * 1000);
    expectFailure(
      await completeAuthentication(other, otherAuthenticator.assert(options)),
      'sessionExpired',
    );
    expect(
      await t.app.db
        .selectFrom('webauthn_verifications')
        .selectAll()
        .where('user_id', '=', other.id)
        .execute(),
    ).toEqual([]);
  });

  it('keeps only the newest challenge of a purpose, and purposes apart', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    await registerPasskey(user, authenticator);
    const older = await beginAuthentication(user, 'payment');
    const newer = await beginAuthentication(user, 'payment');
    expectFailure(
      await completeAuthentication(user, authenticator.assert(older)),
      'verificationFailed',
    );
    await beginAuthentication(user, 'manage');
    const fresh = await beginAuthentication(user, 'payment');
    expect(newer.challenge).not.toBe(fresh.challenge);
    // A payment challenge is not a manage one.
    expectFailure(
      await completeAuthentication(user, authenticator.assert(fresh), 'manage'),
      'verificationFailed',
    );
    const rows = await t.app.db
      .selectFrom('webauthn_challenges')
      .select(['purpose'])
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((row) => row.purpose)).toEqual(['payment']);
  });

  it("refuses user A's challenge used by user B", async () => {
    const alice = await passkeyUser(t.app, 'alice');
    const bob = await passkeyUser(t.app, 'bob');
    const alicesKey = authenticatorFor(t.app);
    const bobsKey = authenticatorFor(t.app);
    await registerPasskey(alice, alicesKey);
    await registerPasskey(bob, bobsKey);

    const alicesOptions = await beginAuthentication(alice);
    // Bob has no pending challenge: nothing to use.
    expectFailure(
      await completeAuthentication(bob, bobsKey.assert(alicesOptions)),
      'sessionExpired',
    );
    // Bob has his own: Alice's challenge is not it.
    await beginAuthentication(bob);
    expectFailure(
      await completeAuthentication(bob, bobsKey.assert(alicesOptions)),
      'verificationFailed',
    );
    // Alice's challenge is still hers to use.
    expect((await completeAuthentication(alice, alicesKey.assert(alicesOptions))).statusCode).toBe(
      200,
    );

    const registration = await beginRegistration(alice);
    expectFailure(
      await completeRegistration(bob, authenticatorFor(t.app).register(registration)),
      'sessionExpired',
    );
  });

  it('refuses a wrong origin (another site, or the http:// variant)', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    const refusedOrigins = [
      'https://evil.example',
      'https://localhost:8080',
      'http://localhost:8081',
    ];
    for (const origin of refusedOrigins) {
      const options = await beginRegistration(user);
      expectFailure(
        await completeRegistration(user, authenticator.register(options, { origin })),
        'createFailed',
      );
    }
    await registerPasskey(user, authenticator);
    for (const origin of refusedOrigins) {
      expectFailure(
        await verifyWith(user, authenticator, 'payment', { origin }),
        'verificationFailed',
      );
    }
    const row = await storedCredential(authenticator.id);
    expect(Number(row.counter)).toBe(0);
    expect(row.last_used_at).toBeNull();
  });

  it('refuses a wrong RP ID hash', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    const options = await beginRegistration(user);
    expectFailure(
      await completeRegistration(user, authenticator.register(options, { rpId: 'evil.example' })),
      'createFailed',
    );
    await registerPasskey(user, authenticator);
    expectFailure(
      await verifyWith(user, authenticator, 'payment', { rpId: 'evil.example' }),
      'verificationFailed',
    );
  });

  it('refuses a ceremony without user verification, or without user presence, or of the wrong type', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    for (const knobs of [{ uv: false }, { up: false }, { type: 'webauthn.get' }]) {
      const options = await beginRegistration(user);
      expectFailure(
        await completeRegistration(user, authenticator.register(options, knobs)),
        'createFailed',
      );
    }
    await registerPasskey(user, authenticator);
    for (const knobs of [{ uv: false }, { up: false }, { type: 'webauthn.create' }]) {
      expectFailure(await verifyWith(user, authenticator, 'payment', knobs), 'verificationFailed');
    }
  });

  it('refuses a counter going back (stored 10, received 5) and leaves the record alone', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app, { counter: 10 });
    await registerPasskey(user, authenticator);
    expect(Number((await storedCredential(authenticator.id)).counter)).toBe(10);
    expectFailure(
      await verifyWith(user, authenticator, 'payment', { counter: 5 }),
      'verificationFailed',
    );
    expectFailure(
      await verifyWith(user, authenticator, 'payment', { counter: 10 }),
      'verificationFailed',
    );
    const row = await storedCredential(authenticator.id);
    expect(Number(row.counter)).toBe(10);
    expect(row.last_used_at).toBeNull();
    const ok = await verifyWith(user, authenticator, 'payment', { counter: 11 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Number((await storedCredential(authenticator.id)).counter)).toBe(11);
  });

  it('accepts authenticators that always report 0 (synced passkeys)', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    await registerPasskey(user, authenticator);
    for (let i = 0; i < 2; i += 1) {
      const response = await verifyWith(user, authenticator, 'payment', { counter: 0 });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('refuses a user handle that is not the user’s, and accepts an absent one', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    await registerPasskey(user, authenticator);
    expectFailure(
      await verifyWith(user, authenticator, 'payment', {
        userHandle: randomBytes(32).toString('base64url'),
      }),
      'verificationFailed',
    );
    const absent = await verifyWith(user, authenticator, 'payment', { userHandle: null });
    expect(absent.statusCode, absent.body).toBe(200);
  });

  it("refuses another user's credential, a credential outside allowCredentials, and a switched-off one", async () => {
    const alice = await passkeyUser(t.app, 'alice');
    const bob = await passkeyUser(t.app, 'bob');
    const alicesKey = authenticatorFor(t.app);
    const bobsKey = authenticatorFor(t.app);
    await registerPasskey(alice, alicesKey);
    await registerPasskey(bob, bobsKey);
    // Bob presents Alice's credential in his own ceremony.
    expectFailure(await verifyWith(bob, alicesKey, 'payment'), 'verificationFailed');
    // A key the server never saw.
    expectFailure(await verifyWith(bob, authenticatorFor(t.app), 'payment'), 'verificationFailed');

    // A credential switched off after begin is not in allowCredentials' spirit any more.
    const second = authenticatorFor(t.app);
    await registerPasskey(bob, second, 'Second');
    const options = await beginAuthentication(bob);
    const off = await bob.patch('/api/webauthn/credentials', {
      credentialId: second.id,
      isActive: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expectFailure(await completeAuthentication(bob, second.assert(options)), 'verificationFailed');
    // And a switched-off credential is left out of the next options.
    const next = await beginAuthentication(bob);
    expect(next.allowCredentials.map((c) => c.id)).toEqual([bobsKey.id]);
    expectFailure(await completeAuthentication(bob, second.assert(next)), 'verificationFailed');
  });

  it('refuses a credential registered twice, by the same user or by another', async () => {
    const alice = await passkeyUser(t.app, 'alice');
    const bob = await passkeyUser(t.app, 'bob');
    const authenticator = authenticatorFor(t.app);
    await registerPasskey(alice, authenticator);
    expectFailure(
      await completeRegistration(alice, authenticator.register(await beginRegistration(alice))),
      'alreadyRegistered',
      409,
    );
    expectFailure(
      await completeRegistration(bob, authenticator.register(await beginRegistration(bob))),
      'alreadyRegistered',
      409,
    );
    const rows = await t.app.db
      .selectFrom('webauthn_credentials')
      .select(['user_id'])
      .where('credential_id', '=', authenticator.id)
      .execute();
    expect(rows).toEqual([{ user_id: alice.id }]);
  });

  it('refuses a credential id longer than 1023 bytes', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = new SoftAuthenticator({
      origin: t.app.config.webauthn.origins[0] ?? '',
      rpId: t.app.config.webauthn.rpId,
      credentialId: randomBytes(1024),
    });
    expectFailure(
      await completeRegistration(user, authenticator.register(await beginRegistration(user))),
      'createFailed',
    );
  });

  it('answers 403 for another user’s id in the body or the query, before any ceremony', async () => {
    const alice = await passkeyUser(t.app, 'alice');
    const bob = await passkeyUser(t.app, 'bob');
    const bobsKey = authenticatorFor(t.app);
    await registerPasskey(bob, bobsKey);

    const attempts = [
      alice.post('/api/webauthn/register/begin', { userId: bob.id, credentialName: 'x' }),
      alice.post('/api/webauthn/begin-registration', { userId: bob.id, credentialName: 'x' }),
      alice.post('/api/webauthn/authenticate/begin', { userId: bob.id, purpose: 'payment' }),
      alice.post(
        `/api/webauthn/register/complete?userId=${bob.id}`,
        authenticatorFor(t.app).register(await beginRegistration(alice)),
      ),
      alice.post(
        `/api/webauthn/authenticate/complete?userId=${bob.id}&purpose=payment`,
        bobsKey.assert(await beginAuthentication(bob)),
      ),
      alice.get(`/api/webauthn/credentials/${bob.id}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.body).not.toContain(bobsKey.id);
    }
    // Bob's pending challenge was not touched by Alice's attempt.
    expect(
      (await completeAuthentication(bob, bobsKey.assert(await beginAuthentication(bob))))
        .statusCode,
    ).toBe(200);
  });

  it('answers noCredentials when there is nothing to verify with', async () => {
    const user = await passkeyUser(t.app);
    const response = await user.post('/api/webauthn/authenticate/begin', {
      userId: user.id,
      purpose: 'payment',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: BIOMETRIC_MESSAGES.noCredentials,
      error: 'noCredentials',
    });
  });

  it('serves the older begin-registration / complete-registration pair with the same checks', async () => {
    const user = await passkeyUser(t.app);
    const authenticator = authenticatorFor(t.app);
    const begun = await user.post('/api/webauthn/begin-registration', {
      userId: user.id,
      credentialName: 'Old client',
    });
    expect(begun.statusCode, begun.body).toBe(200);
    const attestation = authenticator.register(begun.json());
    const flat = {
      credentialId: attestation.id,
      attestationObject: attestation.response.attestationObject,
      clientDataJSON: attestation.response.clientDataJSON,
    };
    const done = await user.post('/api/webauthn/complete-registration', {
      ...flat,
      deviceInfo: '  Pixel   9  ',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(registrationResult.parse(done.json()).credential).toMatchObject({
      credentialId: authenticator.id,
      credentialName: 'Old client',
      deviceInfo: 'Pixel 9',
    });
    // The same attestation again: its challenge is gone.
    expectFailure(await user.post('/api/webauthn/complete-registration', flat), 'sessionExpired');

    // A name given at complete wins; a wrong origin fails here too.
    const second = authenticatorFor(t.app);
    const options = await user.post('/api/webauthn/begin-registration', {
      userId: user.id,
      credentialName: 'At begin',
    });
    const evil = second.register(options.json(), { origin: 'https://evil.example' });
    expectFailure(
      await user.post('/api/webauthn/complete-registration', {
        credentialId: evil.id,
        attestationObject: evil.response.attestationObject,
        clientDataJSON: evil.response.clientDataJSON,
      }),
      'createFailed',
    );
    const again = await user.post('/api/webauthn/begin-registration', {
      userId: user.id,
      credentialName: 'At begin',
    });
    const good = second.register(again.json());
    const renamed = await user.post('/api/webauthn/complete-registration', {
      credentialId: good.id,
      attestationObject: good.response.attestationObject,
      clientDataJSON: good.response.clientDataJSON,
      credentialName: ' At complete ',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(registrationResult.parse(renamed.json()).credential).toMatchObject({
      credentialName: 'At complete',
      deviceInfo: 'Chrome on Linux',
    });
  });

  it('answers 401 to every route without a session', async () => {
    const routes: Array<[string, string]> = [
      ['POST', '/api/webauthn/register/begin'],
      ['POST', '/api/webauthn/register/complete?userId=x'],
      ['POST', '/api/webauthn/authenticate/begin'],
      ['POST', '/api/webauthn/authenticate/complete?userId=x&purpose=payment'],
      ['GET', '/api/webauthn/credentials/x'],
      ['PATCH', '/api/webauthn/credentials'],
      ['DELETE', '/api/webauthn/credentials/x'],
      ['PUT', '/api/webauthn/settings'],
      ['POST', '/api/webauthn/begin-registration'],
      ['POST', '/api/webauthn/complete-registration'],
    ];
    for (const [method, url] of routes) {
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('WebAuthn rate limit', () => {
  const t = useTestApp('sqlite', { ...relaxedAuthLimits, RATE_LIMIT_API_MAX: '10' });

  it('limits the ceremonies more tightly than the rest of the API', async () => {
    const user = await passkeyUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await user.post('/api/webauthn/register/begin', {
        userId: user.id,
        credentialName: 'Key',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('WebAuthn on an IP-address PUBLIC_URL', () => {
  const t = useTestApp('sqlite', { ...relaxedLimits, PUBLIC_URL: 'http://127.0.0.1:8080' });

  it('answers 503 initError instead of options a browser would refuse', async () => {
    const user = await passkeyUser(t.app);
    const response = await user.post('/api/webauthn/register/begin', {
      userId: user.id,
      credentialName: 'Key',
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: BIOMETRIC_MESSAGES.initError, error: 'initError' });
  });
});
