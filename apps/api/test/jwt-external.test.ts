import { createPrivateKey } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { userProfile } from '@studio/contracts';
import {
  createLocalJWKSet,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  type JWTPayload,
  SignJWT,
} from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import {
  call,
  registerAccount,
  relaxedAuthLimits,
  testClock,
  uniqueEmail,
} from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

/**
 * A stand-in identity service on loopback: its own RSA key, a discovery document and a JWKS,
 * so the API fetches keys the way it does in production.
 */
const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
let jwksRequests = 0;
const server = createServer((request, response) => {
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}/tenant/v2.0`;
  response.setHeader('content-type', 'application/json');
  if (request.url === '/tenant/v2.0/.well-known/openid-configuration') {
    response.end(JSON.stringify({ issuer, jwks_uri: `http://127.0.0.1:${port}/tenant/keys` }));
  } else if (request.url === '/tenant/keys') {
    jwksRequests += 1;
    response.end(JSON.stringify({ keys: [publicJwk] }));
  } else {
    response.statusCode = 404;
    response.end('{}');
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const port = (server.address() as AddressInfo).port;
const issuer = `http://127.0.0.1:${port}/tenant/v2.0`;
const audience = 'api://studio-api';
const clientId = 'studio-spa-client';

const identityEnv = {
  ...relaxedAuthLimits,
  IDENTITY_PROVIDER: 'oidc',
  IDENTITY_CLIENT_ID: clientId,
  IDENTITY_AUTHORITY: 'https://login.example/tenant',
  IDENTITY_SCOPES: 'api://studio-api/access',
  IDENTITY_ISSUER: issuer,
  IDENTITY_AUDIENCE: audience,
};

function externalToken(
  claims: JWTPayload,
  { header = {}, nowSeconds = Math.floor(Date.now() / 1000) } = {} as {
    header?: Record<string, unknown>;
    nowSeconds?: number;
  },
) {
  return new SignJWT({
    iss: issuer,
    aud: audience,
    iat: nowSeconds,
    exp: nowSeconds + 3600,
    scp: 'access',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'test-key-1', ...header })
    .sign(privateKey);
}

const profileWith = (app: App, token: string) =>
  call(app, 'GET', '/api/userprofile', undefined, { bearer: token });

describe.each(databaseKinds)('external identity tokens on %s (OIDC mode)', (kind) => {
  const clock = testClock();
  const t = useTestApp(kind, identityEnv, { now: clock.now });

  async function expectRefused(token: string) {
    const response = await profileWith(t.app, token);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  }

  it('creates the user on the first call, with the roles and provider from the token', async () => {
    const email = uniqueEmail('google');
    const token = await externalToken({
      sub: `google-${email}`,
      email,
      email_verified: true,
      name: 'Grace Hopper',
      idp: 'google.com',
      roles: ['user', 'beta-tester'],
    });
    const first = await profileWith(t.app, token);
    expect(first.statusCode, first.body).toBe(200);
    const profile = userProfile.parse(first.json());
    expect(profile).toMatchObject({
      email,
      displayName: 'Grace Hopper',
      authProvider: 'google',
      roles: ['user', 'beta-tester'],
      subscriptionTier: 'free',
      preferences: { language: 'en', currency: 'USD', theme: 'dark' },
    });
    expect(jwksRequests).toBeGreaterThan(0);

    const second = userProfile.parse((await profileWith(t.app, token)).json());
    expect(second.id).toBe(profile.id);

    // Roles follow the token at every sign-in.
    const fewer = await externalToken({
      sub: `google-${email}`,
      email,
      email_verified: true,
      roles: ['user'],
    });
    expect(userProfile.parse((await profileWith(t.app, fewer)).json()).roles).toEqual(['user']);
    const identities = await t.app.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', profile.id)
      .execute();
    expect(identities).toEqual([
      expect.objectContaining({ issuer, subject: `google-${email}`, provider: 'google' }),
    ]);
  });

  it.each([
    ['microsoft', 'live.com'],
    ['apple', 'apple.com'],
    ['oidc', undefined],
  ])('names the provider %s from idp %s', async (provider, idp) => {
    const token = await externalToken({
      sub: `${provider}-${uniqueEmail()}`,
      ...(idp ? { idp } : {}),
    });
    const response = await profileWith(t.app, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ authProvider: provider });
  });

  it('links to the existing account with the same verified address', async () => {
    const email = uniqueEmail('linked');
    const { session } = await registerAccount(t.app, { email, password: 'first-party password' });
    const token = await externalToken({
      sub: 'ms-subject-linked',
      email: email.toUpperCase(),
      email_verified: true,
      idp: 'microsoft',
      roles: ['admin'],
    });
    const response = await profileWith(t.app, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: session.user.id,
      authProvider: 'password',
      roles: ['admin'],
    });
  });

  it('does not link on an unverified address: a separate account is made', async () => {
    const email = uniqueEmail('unverified');
    const { session } = await registerAccount(t.app, { email, password: 'first-party password' });
    for (const verified of [false, undefined]) {
      const token = await externalToken({
        sub: `unverified-${String(verified)}-${email}`,
        email,
        ...(verified === undefined ? {} : { email_verified: verified }),
      });
      const response = await profileWith(t.app, token);
      expect(response.statusCode).toBe(200);
      expect(response.json().id).not.toBe(session.user.id);
    }
    const own = await profileWith(t.app, session.accessToken);
    expect(own.json()).toMatchObject({ id: session.user.id, roles: [] });
  });

  it('refuses an ID token (audience = the SPA client), another audience, another issuer', async () => {
    const sub = 'refused-subject';
    await expectRefused(await externalToken({ sub, aud: clientId }, { header: { typ: 'JWT' } }));
    await expectRefused(await externalToken({ sub, aud: [audience, clientId] }));
    await expectRefused(await externalToken({ sub, aud: 'api://someone-else' }));
    await expectRefused(await externalToken({ sub, iss: 'https://evil.example/tenant/v2.0' }));
    await expectRefused(await externalToken({ sub }, { header: { typ: 'id_token+jwt' } }));
  });

  it('refuses a token that does not grant the API scope (sign-in only)', async () => {
    const withoutScope = await externalToken({ sub: 'no-scope', scp: 'openid profile' });
    expect((await profileWith(t.app, withoutScope)).statusCode).toBe(401);
    const fullName = await externalToken({ sub: 'full-name', scp: 'api://studio-api/access' });
    expect((await profileWith(t.app, fullName)).statusCode).toBe(200);
  });

  it('refuses expired tokens, algorithms outside the allow-list and unknown keys', async () => {
    const sub = 'algo-subject';
    const past = Math.floor(Date.now() / 1000) - 7200;
    await expectRefused(await externalToken({ sub }, { nowSeconds: past }));
    const ps256 = await new SignJWT({
      sub,
      iss: issuer,
      aud: audience,
      iat: past + 7000,
      exp: past + 9000,
    })
      .setProtectedHeader({ alg: 'PS256', typ: 'at+jwt', kid: 'test-key-1' })
      .sign(createPrivateKey(await exportPKCS8(privateKey)));
    await expectRefused(ps256);
    await expectRefused(await externalToken({ sub }, { header: { kid: 'rotated-away' } }));
    const other = await generateKeyPair('RS256');
    const forged = await new SignJWT({
      sub,
      iss: issuer,
      aud: audience,
      iat: past + 7000,
      exp: past + 9000,
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'test-key-1' })
      .sign(other.privateKey);
    await expectRefused(forged);
    const hs256 = await new SignJWT({
      sub,
      iss: issuer,
      aud: audience,
      iat: past + 7000,
      exp: past + 9000,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: 'test-key-1' })
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    await expectRefused(hs256);
  });

  it('refuses tokens issued before "sign out everywhere", judged by auth_time when present', async () => {
    const sub = `everywhere-${uniqueEmail()}`;
    const before = Math.floor(clock.now().getTime() / 1000) - 5;
    const old = await externalToken({ sub }, { nowSeconds: before });
    expect((await profileWith(t.app, old)).statusCode).toBe(200);
    const out = await call(t.app, 'POST', '/api/auth/signout-everywhere', undefined, {
      bearer: old,
    });
    expect(out.statusCode).toBe(204);
    await expectRefused(old);

    clock.advance(5_000);
    const later = Math.floor(clock.now().getTime() / 1000);
    // Silently renewed, but from the same old sign-in: refused.
    await expectRefused(await externalToken({ sub, auth_time: before }, { nowSeconds: later }));
    // A new sign-in: accepted.
    const fresh = await externalToken({ sub, auth_time: later }, { nowSeconds: later });
    expect((await profileWith(t.app, fresh)).statusCode).toBe(200);
  });

  it('saves preferences for an external user', async () => {
    const token = await externalToken({ sub: `prefs-${uniqueEmail()}` });
    const saved = await call(
      t.app,
      'PUT',
      '/api/userpreferences/currency',
      { currency: 'VND' },
      {
        bearer: token,
      },
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'en', currency: 'VND' });
  });
});

describe('external tokens with IDENTITY_TRUST_EMAIL_CLAIM (B2C)', () => {
  const t = useTestApp('sqlite', {
    ...identityEnv,
    IDENTITY_PROVIDER: 'aad',
    IDENTITY_AUTHORITY: 'https://studio.b2clogin.com/studio.onmicrosoft.com/B2C_1_signin',
    IDENTITY_JWKS_URI: `http://127.0.0.1:${port}/tenant/keys`,
    IDENTITY_TRUST_EMAIL_CLAIM: 'true',
  });

  it("links by B2C's `emails` claim when the service is trusted to verify addresses", async () => {
    const email = uniqueEmail('b2c');
    const { session } = await registerAccount(t.app, { email, password: 'first-party password' });
    const token = await externalToken(
      { sub: 'b2c-object-id', emails: [email], tfp: 'B2C_1_signin' },
      { header: { typ: 'JWT' } },
    );
    const response = await profileWith(t.app, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(session.user.id);
  });
});

describe('external tokens when no identity service is configured', () => {
  const t = useTestApp('sqlite', { ...relaxedAuthLimits, IDENTITY_PROVIDER: 'none' });

  it('refuses them', async () => {
    const response = await profileWith(t.app, await externalToken({ sub: 'anyone' }));
    expect(response.statusCode).toBe(401);
  });
});

describe('tokens shaped like the sandbox provider issues them (IDENTITY_PROVIDER=sandbox)', () => {
  const t = useTestApp('sqlite', relaxedAuthLimits, {
    externalIdentityKeys: createLocalJWKSet({ keys: [publicJwk] }),
  });

  it('creates the user from a sandbox Google identity, and refuses a first-party-audience ID token', async () => {
    const { identity, publicUrl } = t.app.config;
    expect(identity?.mode).toBe('sandbox');
    const sandboxIssuer = identity?.issuer ?? '';
    const email = uniqueEmail('sandbox');
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      sub: `google:${email}`,
      email,
      email_verified: true,
      name: 'Sandbox Google user',
      roles: ['user'],
      idp: 'google',
      scope: 'api.access',
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'test-key-1' })
      .setIssuer(sandboxIssuer)
      .setAudience(`${publicUrl}/api`)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .sign(privateKey);
    const response = await profileWith(t.app, token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      email,
      authProvider: 'google',
      roles: ['user'],
      displayName: 'Sandbox Google user',
    });

    const idToken = await new SignJWT({ sub: `google:${email}`, email, nonce: 'n' })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'test-key-1' })
      .setIssuer(sandboxIssuer)
      .setAudience(identity?.clientId ?? '')
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .sign(privateKey);
    expect((await profileWith(t.app, idToken)).statusCode).toBe(401);
  });
});
