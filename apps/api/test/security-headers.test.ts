import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.ts';

function directives(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describe('security headers over http', () => {
  const t = useTestApp('sqlite');

  it.each([
    ['a JSON response', 'GET', '/api/health', 'application/json'],
    ['the app shell', 'GET', '/', 'text/html'],
    ['a 404', 'GET', '/api/missing', 'application/json'],
    ['an error', 'POST', '/api/contact', 'application/json'],
  ] as const)('are on %s', async (_name, method, url, accept) => {
    const response = await t.app.inject({ method, url, headers: { accept } });
    const csp = directives(response.headers['content-security-policy']);
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'media-src': "'self' blob:",
      'font-src': "'self'",
      'connect-src': "'self' https://geo.example",
      'frame-src': "'self'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
    });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    // HSTS only makes sense (and only is sent) over https.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps API responses out of caches', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/userpreferences/anonymous' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });
});

describe('security headers over https', () => {
  const t = useTestApp('sqlite', { NODE_ENV: 'production', PUBLIC_URL: 'https://studio.example' });

  it('add HSTS for a year with subdomains, and upgrade insecure requests', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(
      directives(response.headers['content-security-policy']).has('upgrade-insecure-requests'),
    ).toBe(true);
  });
});

describe('with a real external identity service (B2C)', () => {
  const t = useTestApp('sqlite', {
    IDENTITY_PROVIDER: 'aad',
    IDENTITY_CLIENT_ID: '11111111-2222-3333-4444-555555555555',
    IDENTITY_AUTHORITY:
      'https://studiotenant.b2clogin.com/studiotenant.onmicrosoft.com/B2C_1_signin',
    IDENTITY_SCOPES: 'https://studiotenant.onmicrosoft.com/api/access',
    IDENTITY_ISSUER: 'https://studiotenant.b2clogin.com/tenant-id/v2.0/',
    IDENTITY_AUDIENCE: 'api-client-id',
  });

  it("lets MSAL reach the service's origin (token fetch, silent-renewal iframe) and nothing more", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = Object.fromEntries(directives(response.headers['content-security-policy']));
    expect(csp['connect-src']).toContain('https://studiotenant.b2clogin.com');
    expect(csp['frame-src']).toBe("'self' https://studiotenant.b2clogin.com");
    expect(csp['script-src']).toBe("'self'");
  });
});
