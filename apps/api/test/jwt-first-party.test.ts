import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { base64url, decodeJwt, exportJWK, type JWTPayload, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { deriveAuthKeys } from '../src/domains/auth/keys.ts';
import {
  call,
  expectSession,
  refreshCookie,
  relaxedAuthLimits,
  signInWithCode,
  uniqueEmail,
} from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { testAuthSecret, useTestApp } from './support/test-app.ts';

const encode = (value: unknown) => base64url.encode(JSON.stringify(value));

describe.each(databaseKinds)('first-party bearer tokens on %s', (kind) => {
  const t = useTestApp(kind, relaxedAuthLimits);

  /** A genuine session, and a signer with the server's own key for tampered variants. */
  async function setUp() {
    const { session, jar } = await signInWithCode(t.app, uniqueEmail('jwt'));
    const keys = await deriveAuthKeys(testAuthSecret);
    const claims = decodeJwt(session.accessToken);
    const { issuer, audience } = t.app.config.auth;
    const sign = (
      payload: JWTPayload,
      header: Record<string, unknown> = {},
      key: Parameters<SignJWT['sign']>[0] = keys.signingKey,
    ) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: keys.keyId, ...header })
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    const good: JWTPayload = {
      iss: issuer,
      aud: audience,
      sub: claims.sub,
      sid: claims['sid'],
      iat: now,
      exp: now + 600,
      jti: 'test',
    };
    return { session, jar, keys, claims, sign, good, now };
  }

  async function expectRefused(token: string) {
    const response = await call(t.app, 'GET', '/api/userprofile', undefined, { bearer: token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required. Please log in.' });
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  }

  it('issues EdDSA at+jwt tokens with iss, aud, sub, sid, iat, exp and jti', async () => {
    const { session, keys } = await setUp();
    const [header] = session.accessToken.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'EdDSA',
      typ: 'at+jwt',
      kid: keys.keyId,
    });
    const claims = decodeJwt(session.accessToken);
    expect(claims).toMatchObject({
      iss: 'http://localhost:8080',
      aud: 'http://localhost:8080/api',
      sub: session.user.id,
      sid: expect.any(String),
      jti: expect.any(String),
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
  });

  it('accepts a correctly signed token for a live session (the control for every refusal below)', async () => {
    const { sign, good } = await setUp();
    const response = await call(t.app, 'GET', '/api/userprofile', undefined, {
      bearer: await sign(good),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses alg "none"', async () => {
    const { session } = await setUp();
    const [, payload] = session.accessToken.split('.');
    await expectRefused(`${encode({ alg: 'none', typ: 'at+jwt' })}.${payload}.`);
  });

  it('refuses HS256 signed with the public key as the secret (key confusion)', async () => {
    const { keys, good } = await setUp();
    const pem = keys.verificationKey.export({ type: 'spki', format: 'pem' });
    const raw = Buffer.from(String(keys.publicJwk.x), 'base64url');
    for (const secret of [
      Buffer.from(String(pem)),
      raw,
      Buffer.from(JSON.stringify(keys.publicJwk)),
    ]) {
      const forged = await new SignJWT(good)
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: keys.keyId })
        .sign(secret);
      await expectRefused(forged);
    }
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const { session } = await setUp();
    const [header, payload, signature] = session.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as JWTPayload;
    await expectRefused(`${header}.${encode({ ...claims, sub: 'someone-else' })}.${signature}`);
    const bytes = Buffer.from(payload ?? '', 'base64url');
    bytes[bytes.length - 3] = (bytes[bytes.length - 3] ?? 0) ^ 1;
    await expectRefused(`${header}.${bytes.toString('base64url')}.${signature}`);
  });

  it('refuses another issuer and another audience, even signed with the right key', async () => {
    const { sign, good } = await setUp();
    await expectRefused(await sign({ ...good, iss: 'https://evil.example' }));
    await expectRefused(await sign({ ...good, iss: 'http://localhost:8080/' }));
    await expectRefused(await sign({ ...good, aud: 'https://other.example/api' }));
    await expectRefused(await sign({ ...good, aud: 'studio-web' }));
  });

  it('refuses an expired token (beyond 30 s of skew) and one not valid yet', async () => {
    const { sign, good, now } = await setUp();
    await expectRefused(await sign({ ...good, iat: now - 1000, exp: now - 60 }));
    await expectRefused(await sign({ ...good, nbf: now + 120 }));
    await expectRefused(await sign({ ...good, exp: undefined }));
  });

  it('refuses other token types: an ID token, a refresh token, a token without typ', async () => {
    const { sign, good, jar } = await setUp();
    await expectRefused(await sign(good, { typ: 'JWT' }));
    await expectRefused(await sign({ ...good, aud: 'studio-web', nonce: 'n' }, { typ: 'JWT' }));
    await expectRefused(jar.cookies[refreshCookie] ?? 'missing');
    const untyped = await new SignJWT(good)
      .setProtectedHeader({ alg: 'EdDSA', kid: (await deriveAuthKeys(testAuthSecret)).keyId })
      .sign((await deriveAuthKeys(testAuthSecret)).signingKey);
    await expectRefused(untyped);
  });

  it('refuses headers that bring their own key (jwk, jku, x5u) and unknown key ids', async () => {
    const { sign, good } = await setUp();
    const attacker = generateKeyPairSync('ed25519');
    const attackerJwk = await exportJWK(createPublicKey(attacker.privateKey));
    await expectRefused(await sign(good, { jwk: attackerJwk }, attacker.privateKey));
    await expectRefused(await sign(good, { jwk: attackerJwk }));
    await expectRefused(await sign(good, { jku: 'https://evil.example/jwks.json' }));
    await expectRefused(await sign(good, { x5u: 'https://evil.example/cert.pem' }));
    await expectRefused(await sign(good, { kid: '../../dev/null' }));
    await expectRefused(await sign(good, {}, attacker.privateKey));
  });

  it('refuses a well-signed token whose session does not exist or whose user is unknown', async () => {
    const { sign, good } = await setUp();
    await expectRefused(await sign({ ...good, sid: '00000000-0000-4000-8000-000000000000' }));
    await expectRefused(await sign({ ...good, sub: '00000000-0000-4000-8000-000000000000' }));
  });

  it('refuses garbage and non-Bearer schemes, and says which when no token was sent', async () => {
    await expectRefused('not.a.jwt');
    await expectRefused('x'.repeat(10_000));
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/userprofile',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.statusCode).toBe(401);
    const none = await call(t.app, 'GET', '/api/userprofile');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
  });

  it('keeps working after a refresh (the new token carries the same session)', async () => {
    const { jar } = await setUp();
    const refreshed = expectSession(
      await call(t.app, 'POST', '/api/auth/refresh', undefined, { jar }),
    );
    const response = await call(t.app, 'GET', '/api/userprofile', undefined, {
      bearer: refreshed.accessToken,
    });
    expect(response.statusCode).toBe(200);
  });
});
