import { sessionResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { sampleCode, sampleResetToken } from './auth';

/** The handlers answer like the API: the screens' stories and tests rely on it. */
async function post(path: string, body: unknown) {
  const response = await fetch(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

describe('auth handlers', () => {
  it('sign in: a session whose access token carries its expiry', async () => {
    const { status, body } = await post('/api/auth/login', {
      email: 'Linh@Example.com',
      password: 'secret1',
    });
    expect(status).toBe(200);
    const session = sessionResponse.parse(body);
    expect(session.user.email).toBe('linh@example.com');
    const payload = JSON.parse(atob(session.accessToken.split('.')[1] ?? '')) as { exp: number };
    expect(payload.exp - Date.now() / 1000).toBeGreaterThan(session.expiresIn - 5);
  });

  it('refuses what the API refuses, in its words', async () => {
    expect(await post('/api/auth/login', { email: 'linh@', password: 'secret1' })).toMatchObject({
      status: 400,
      body: { errors: ['Email is invalid'] },
    });
    expect(
      await post('/api/auth/verify-code', { email: 'linh@example.com', code: '000000' }),
    ).toEqual({ status: 401, body: { message: 'Invalid code' } });
    expect(
      await post('/api/auth/register', {
        username: 'linh',
        email: 'linh@example.com',
        password: 'password123456',
      }),
    ).toEqual({
      status: 400,
      body: { message: 'This password is too common. Choose another one.' },
    });
    expect(
      await post('/api/auth/complete-reset-password', {
        token: 'someone-elses',
        newPassword: 'correct horse 42',
      }),
    ).toEqual({ status: 400, body: { message: 'This reset link is invalid or has expired.' } });
  });

  it('answers the same 202 whether or not an address has an account', async () => {
    const known = await post('/api/auth/request-code', { email: 'linh.nguyen@example.com' });
    const unknown = await post('/api/auth/request-code', { email: 'nobody@example.com' });
    expect(known.status).toBe(202);
    expect(unknown).toEqual(known);
  });

  it('accepts the sample code and the sample reset token', async () => {
    expect(
      (await post('/api/auth/verify-code', { email: 'new@example.com', code: sampleCode })).status,
    ).toBe(200);
    expect(
      await post('/api/auth/complete-reset-password', {
        token: sampleResetToken,
        newPassword: 'correct horse 42',
      }),
    ).toEqual({ status: 200, body: { message: 'Your password has been changed.' } });
  });
});
