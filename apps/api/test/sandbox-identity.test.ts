import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { identityClientConfigFor } from '../src/plugins/app/spa.ts';
import { fetchCsrfToken, useTestApp } from './support/test-app.ts';

const publicUrl = 'http://127.0.0.1:8080';
const issuer = `${publicUrl}/sandbox/oidc`;
const discoveryPath = '/sandbox/oidc/.well-known/openid-configuration';
/** What a browser sends: the provider builds its endpoint URLs from the Host it was reached at. */
const host = { host: new URL(publicUrl).host };

describe('the sandbox identity provider mounted by the API', () => {
  const t = useTestApp('sqlite', {
    IDENTITY_PROVIDER: 'sandbox',
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'info',
  });

  it('serves the discovery document with the endpoints /config.json hands to MSAL', async () => {
    const response = await t.app.inject({ method: 'GET', url: discoveryPath, headers: host });
    expect(response.statusCode).toBe(200);
    const metadata = response.json<Record<string, unknown>>();

    const advertised = identityClientConfigFor(t.app.config.identity);
    expect(advertised?.authorityMetadata).toEqual(expect.any(String));
    const expected = JSON.parse(advertised?.authorityMetadata ?? '{}') as Record<string, unknown>;
    expect(metadata['issuer']).toBe(issuer);
    for (const endpoint of [
      'issuer',
      'authorization_endpoint',
      'token_endpoint',
      'end_session_endpoint',
      'jwks_uri',
      'userinfo_endpoint',
    ]) {
      expect(metadata[endpoint], endpoint).toBe(expected[endpoint]);
    }
    expect(metadata['code_challenge_methods_supported']).toEqual(
      expected['code_challenge_methods_supported'],
    );
    expect(metadata['response_types_supported']).toEqual(expected['response_types_supported']);
    for (const scope of expected['scopes_supported'] as string[]) {
      expect(metadata['scopes_supported']).toContain(scope);
    }
  });

  it('works over a real socket too, and logs where it is', async () => {
    const server = await t.app.listen({ port: 0, host: '127.0.0.1' }).then(() => t.app.server);
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${discoveryPath}`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata['issuer']).toBe(issuer);
    expect(metadata['jwks_uri']).toBe(`http://127.0.0.1:${port}/sandbox/oidc/jwks`);
    const keys = await fetch(`http://127.0.0.1:${port}/sandbox/oidc/jwks`);
    expect(((await keys.json()) as { keys: unknown[] }).keys).toHaveLength(1);
    expect(t.logs.some((line) => line.includes(`sandbox identity provider at ${issuer}`))).toBe(
      true,
    );
  });

  it('answers with the provider’s own headers, not the app’s (MSAL frames /auth)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/sandbox/oidc/auth?client_id=studio-web&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('http://evil.example/')}`,
      headers: host,
    });
    // An unregistered redirect URI: the provider's own error page, not the SPA's JSON 404.
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain(`frame-ancestors ${publicUrl}`);
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('takes the token endpoint’s form posts before the API’s CSRF check and body parser', async () => {
    const csrf = await fetchCsrfToken(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/sandbox/oidc/token',
      headers: {
        ...host,
        'content-type': 'application/x-www-form-urlencoded',
        // A browser sends the app's cookies along; the API's CSRF check must not apply here.
        cookie: `XSRF-TOKEN=${csrf}`,
        origin: publicUrl,
      },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'nope',
        client_id: 'studio-web',
        redirect_uri: `${publicUrl}/auth/callback`,
        code_verifier: 'x'.repeat(43),
      }).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
    expect(response.headers['access-control-allow-origin']).toBe(publicUrl);
  });

  it('leaves look-alike paths to the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/oidcx/jwks' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});

describe('without the sandbox identity provider', () => {
  const t = useTestApp('sqlite', { IDENTITY_PROVIDER: 'none' });

  it('has nothing at /sandbox/oidc', async () => {
    const response = await t.app.inject({ method: 'GET', url: discoveryPath });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(t.app.config.identity).toBeNull();
  });
});
