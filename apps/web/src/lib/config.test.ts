import { runtimeConfig } from '@studio/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fallbackConfig, fetchRuntimeConfig, readRuntimeConfig } from './config';

const valid = {
  apiBaseUrl: 'https://api.example.com',
  environment: 'production',
  sandbox: true,
  geolocationServices: ['https://ipapi.co/json/'],
  mailboxUrl: null,
  identity: null,
};

/** The sandbox's identity service as the API describes it. */
const sandboxIdentity = {
  protocolMode: 'oidc',
  clientId: 'studio-web',
  authority: 'https://127.0.0.1:8080/sandbox/oidc',
  resetPasswordAuthority: null,
  knownAuthorities: ['127.0.0.1:8080'],
  scopes: ['api.access'],
  authorityMetadata: '{"issuer":"http://127.0.0.1:8080/sandbox/oidc"}',
  redirectPath: '/auth/callback',
  postLogoutRedirectPath: '/auth/signout-callback',
  sandbox: true,
};

/** Azure AD B2C, with its password-reset policy and no metadata (MSAL discovers it). */
const b2cIdentity = {
  ...sandboxIdentity,
  protocolMode: 'aad',
  clientId: '00000000-0000-0000-0000-000000000001',
  authority: 'https://studio.b2clogin.com/studio.onmicrosoft.com/B2C_1_signin',
  resetPasswordAuthority: 'https://studio.b2clogin.com/studio.onmicrosoft.com/B2C_1_reset',
  knownAuthorities: ['studio.b2clogin.com'],
  scopes: ['https://studio.onmicrosoft.com/api/access'],
  authorityMetadata: null,
  sandbox: false,
};

const invalid: unknown[] = [
  null,
  'config',
  {},
  { ...valid, apiBaseUrl: 42 },
  { ...valid, environment: 'staging' },
  { ...valid, sandbox: 'yes' },
  { ...valid, geolocationServices: 'https://ipapi.co' },
  { ...valid, geolocationServices: [1] },
  { ...valid, mailboxUrl: 3 },
  { ...valid, identity: undefined },
  { ...valid, identity: 'sandbox' },
  { ...valid, identity: { ...sandboxIdentity, protocolMode: 'saml' } },
  { ...valid, identity: { ...sandboxIdentity, clientId: 7 } },
  { ...valid, identity: { ...sandboxIdentity, authority: null } },
  { ...valid, identity: { ...sandboxIdentity, resetPasswordAuthority: 1 } },
  { ...valid, identity: { ...sandboxIdentity, knownAuthorities: '127.0.0.1:8080' } },
  { ...valid, identity: { ...sandboxIdentity, scopes: [1] } },
  { ...valid, identity: { ...sandboxIdentity, authorityMetadata: {} } },
  { ...valid, identity: { ...sandboxIdentity, redirectPath: undefined } },
  { ...valid, identity: { ...sandboxIdentity, postLogoutRedirectPath: false } },
  { ...valid, identity: { ...sandboxIdentity, sandbox: 'true' } },
];

describe('readRuntimeConfig', () => {
  it('agrees with the contract on what is valid', () => {
    expect(readRuntimeConfig(valid)).toEqual(runtimeConfig.parse(valid));
    const withMailbox = { ...valid, environment: 'development', mailboxUrl: '/dev/mailbox' };
    expect(readRuntimeConfig(withMailbox)).toEqual(runtimeConfig.parse(withMailbox));
  });

  it.each([
    ['the sandbox', sandboxIdentity],
    ['Azure AD B2C', b2cIdentity],
  ])('reads the identity service of %s (§7, §8)', (_name, identity) => {
    const body = { ...valid, identity };
    expect(readRuntimeConfig(body)).toEqual(runtimeConfig.parse(body));
    expect(readRuntimeConfig(body).identity).toEqual(identity);
  });

  it('ignores members the contract does not know', () => {
    const body = { ...valid, identity: { ...sandboxIdentity, clientSecret: 'never' } };
    expect(readRuntimeConfig(body)).toEqual(runtimeConfig.parse(body));
  });

  it.each(invalid)('agrees with the contract on what is not: %j', (body) => {
    expect(runtimeConfig.safeParse(body).success).toBe(false);
    expect(() => readRuntimeConfig(body)).toThrow();
  });
});

describe('fetchRuntimeConfig (§7)', () => {
  it('reads /config.json from the origin', async () => {
    const fetchImpl = vi.fn(async () => Response.json(valid));
    await expect(fetchRuntimeConfig(fetchImpl, 'https://studio.test')).resolves.toEqual(valid);
    expect(fetchImpl).toHaveBeenCalledWith(
      new URL('https://studio.test/config.json'),
      expect.anything(),
    );
  });

  it('falls back to the build-time configuration, and says so, when it cannot', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const missing = vi.fn(async () => new Response(null, { status: 404 }));
    await expect(fetchRuntimeConfig(missing, 'https://studio.test')).resolves.toEqual(
      fallbackConfig(),
    );
    const broken = vi.fn(async () => Response.json({ apiBaseUrl: 1 }));
    await expect(fetchRuntimeConfig(broken, 'https://studio.test')).resolves.toEqual(
      fallbackConfig(),
    );
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
