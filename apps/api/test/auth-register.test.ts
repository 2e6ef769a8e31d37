import { userProfile } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import {
  call,
  CookieJar,
  expectSession,
  latestCode,
  login,
  mailTo,
  refreshCookie,
  registerAccount,
  relaxedAuthLimits,
  uniqueEmail,
} from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const password = 'correct horse battery staple';

describe.each(databaseKinds)('registration on %s', (kind) => {
  const t = useTestApp(kind, relaxedAuthLimits);

  it('register → code in the mailbox → confirm → signed in with a profile', async () => {
    const email = uniqueEmail('reg');
    const jar = new CookieJar();
    const started = await call(
      t.app,
      'POST',
      '/api/auth/register',
      { username: 'Ada', email: email.toUpperCase(), password },
      { jar, headers: { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.5' } },
    );
    expect(started.statusCode).toBe(202);
    expect(started.json()).toEqual({ message: expect.any(String) });

    const [mail, ...others] = await mailTo(t.app, email);
    expect(others).toEqual([]);
    expect(mail?.subject).toMatch(/^Xác nhận tài khoản AI Studio/);
    const code = await latestCode(t.app, email);

    const confirmed = await call(
      t.app,
      'POST',
      '/api/auth/register/confirm',
      { email, code },
      {
        jar,
      },
    );
    const session = expectSession(confirmed);
    expect(session.user).toMatchObject({
      userName: 'Ada',
      email,
      displayName: 'Ada',
      authProvider: 'password',
      roles: [],
      preferences: { language: 'vi', currency: 'USD', theme: 'dark' },
      subscriptionTier: 'free',
    });
    expect(confirmed.headers['cache-control']).toBe('no-store');
    expect(jar.cookies[refreshCookie]).toBeDefined();

    const profile = await call(t.app, 'GET', '/api/userprofile', undefined, {
      bearer: session.accessToken,
    });
    expect(profile.statusCode).toBe(200);
    expect(userProfile.parse(profile.json())).toEqual(session.user);

    // The code worked once; the password now signs in.
    const again = await call(t.app, 'POST', '/api/auth/register/confirm', { email, code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Invalid code' });
    expectSession((await login(t.app, email, password)).response);
  });

  it('stores argon2id at the ASVS parameters, never the password', async () => {
    const email = uniqueEmail('hash');
    await registerAccount(t.app, { email, password });
    const row = await t.app.db
      .selectFrom('users')
      .select(['password_hash', 'email_verified'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(password);
    expect(row.email_verified).toBe(1);
  });

  it('answers the same for a known address and mails its owner a notice instead of a code', async () => {
    const email = uniqueEmail('known');
    await registerAccount(t.app, { email, password });
    const fresh = uniqueEmail('fresh');

    const known = await call(t.app, 'POST', '/api/auth/register', {
      username: 'Mallory',
      email,
      password: 'another long password',
    });
    const unknown = await call(t.app, 'POST', '/api/auth/register', {
      username: 'Mallory',
      email: fresh,
      password: 'another long password',
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);

    const [notice] = await mailTo(t.app, email);
    expect(notice?.subject).toBe('Someone tried to create an AI Studio account with your address');
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    expect(notice?.text).toContain('/reset-password');
    // The owner's password is unchanged.
    expectSession((await login(t.app, email, password)).response);
    expect((await login(t.app, email, 'another long password')).response.statusCode).toBe(401);
  });

  it.each([
    ['short', 'Password must be at least 8 characters'],
    ['password123456', 'This password is too common. Choose another one.'],
    ['PASSWORD123456', 'This password is too common. Choose another one.'],
  ])('refuses the password %j with a message that says why', async (weak, message) => {
    const email = uniqueEmail('weak');
    const response = await call(t.app, 'POST', '/api/auth/register', {
      username: 'Weak',
      email,
      password: weak.padEnd(6, 'x'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await mailTo(t.app, email)).toEqual([]);
  });

  it('applies the §5 form rules to the body', async () => {
    const response = await call(t.app, 'POST', '/api/auth/register', {
      username: 'Al',
      email: 'not-an-address',
      password: '12345',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        'username: Username must be at least 3 characters',
        'email: Email is invalid',
        'password: Password must be at least 6 characters',
      ]),
    );
  });

  it('refuses a registration code for another address or for signing in', async () => {
    const email = uniqueEmail('bound');
    await call(t.app, 'POST', '/api/auth/register', { username: 'Bound', email, password });
    const code = await latestCode(t.app, email);

    const other = uniqueEmail('other');
    await call(t.app, 'POST', '/api/auth/register', { username: 'Other', email: other, password });
    const forOther = await call(t.app, 'POST', '/api/auth/register/confirm', {
      email: other,
      code,
    });
    const asSignIn = await call(t.app, 'POST', '/api/auth/verify-code', { email, code });
    expect(forOther.statusCode).toBe(401);
    expect(asSignIn.statusCode).toBe(401);
    // Still good for its own purpose and address.
    expectSession(await call(t.app, 'POST', '/api/auth/register/confirm', { email, code }));
  });

  it('keeps a 64-character password and a 64-emoji password exactly as typed', async () => {
    for (const chosen of ['Z'.repeat(32) + 'q'.repeat(32), '🔒🙂'.repeat(32)]) {
      const email = uniqueEmail('long');
      await registerAccount(t.app, { email, password: chosen });
      expectSession((await login(t.app, email, chosen)).response);
      expect((await login(t.app, email, ` ${chosen}`)).response.statusCode).toBe(401);
      expect((await login(t.app, email, chosen.toLowerCase())).response.statusCode).toBe(
        chosen === chosen.toLowerCase() ? 200 : 401,
      );
    }
  });

  it('tells two 80-byte passwords sharing a 72-byte prefix apart (no bcrypt truncation)', async () => {
    const prefix = 'p'.repeat(72);
    const email = uniqueEmail('bcrypt');
    await registerAccount(t.app, { email, password: `${prefix}AAAAAAAA` });
    expectSession((await login(t.app, email, `${prefix}AAAAAAAA`)).response);
    expect((await login(t.app, email, `${prefix}BBBBBBBB`)).response.statusCode).toBe(401);
  });
});
