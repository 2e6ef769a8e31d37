import { describe, expect, it } from 'vitest';
import { createCsrfToken, isValidCsrfToken } from '../src/security/csrf-token.ts';
import { fetchCsrfToken, testCsrfSecret, useTestApp } from './support/test-app.ts';

const payload = { email: 'csrf@example.com', agreed: true };

describe('CSRF tokens', () => {
  it('verify only with the secret that signed them', () => {
    const token = createCsrfToken(testCsrfSecret);
    expect(isValidCsrfToken(testCsrfSecret, token)).toBe(true);
    expect(isValidCsrfToken('another-secret-another-secret-another', token)).toBe(false);
    expect(isValidCsrfToken(testCsrfSecret, `${token}x`)).toBe(false);
    expect(isValidCsrfToken(testCsrfSecret, 'no-signature')).toBe(false);
    expect(isValidCsrfToken(testCsrfSecret, 'a.b.c')).toBe(false);
  });
});

describe('CSRF protection (signed double submit)', () => {
  const t = useTestApp('sqlite');

  const post = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter', payload, cookies, headers });

  it('issues a readable, SameSite=Lax XSRF-TOKEN cookie on a GET that lacks one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.secure).toBeFalsy();
    expect(isValidCsrfToken(testCsrfSecret, cookie?.value ?? '')).toBe(true);
  });

  it('does not re-issue a valid cookie, and replaces a forged one', async () => {
    const token = await fetchCsrfToken(t.app);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { 'XSRF-TOKEN': token },
    });
    expect(kept.headers['set-cookie']).toBeUndefined();

    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { 'XSRF-TOKEN': 'forged.value' },
    });
    expect(replaced.cookies.map((c) => c.name)).toEqual(['XSRF-TOKEN']);
  });

  it('refuses a request with the cookie but no header', async () => {
    const response = await post({ 'XSRF-TOKEN': await fetchCsrfToken(t.app) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Missing or invalid security token. Please reload the page and try again.',
    });
  });

  it('refuses a header that does not match the cookie', async () => {
    const response = await post(
      { 'XSRF-TOKEN': await fetchCsrfToken(t.app) },
      { 'X-XSRF-TOKEN': await fetchCsrfToken(t.app) },
    );
    expect(response.statusCode).toBe(403);
  });

  it('refuses a matching pair the server did not sign (a planted cookie)', async () => {
    const forged = 'attacker-chosen-nonce.attacker-chosen-signature';
    expect((await post({ 'XSRF-TOKEN': forged }, { 'X-XSRF-TOKEN': forged })).statusCode).toBe(403);
    const otherSecret = createCsrfToken('a-different-server-secret-0123456789abcdef');
    expect(
      (await post({ 'XSRF-TOKEN': otherSecret }, { 'X-XSRF-TOKEN': otherSecret })).statusCode,
    ).toBe(403);
  });

  it('refuses a request carrying other cookies but no token', async () => {
    expect((await post({ session: 'abc' })).statusCode).toBe(403);
  });

  it('accepts the header echoing a valid cookie', async () => {
    const token = await fetchCsrfToken(t.app);
    const response = await post({ 'XSRF-TOKEN': token }, { 'X-XSRF-TOKEN': token });
    expect(response.statusCode).toBe(200);
  });

  it('does not ask a client that sends no cookies at all', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload });
    expect(response.statusCode).toBe(200);
  });

  it('sets no cookie on long-cached static paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('CSRF cookie over https', () => {
  const t = useTestApp('sqlite', { NODE_ENV: 'production', PUBLIC_URL: 'https://studio.example' });

  it('is Secure', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
  });
});
