import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import {
  call,
  expectSession,
  login,
  mailTo,
  minutes,
  registerAccount,
  relaxedAuthLimits,
  signInWithCode,
  testClock,
  uniqueEmail,
} from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const oldPassword = 'the password before the reset';
const newPassword = 'the password after the reset';
const invalidLink = { message: 'This reset link is invalid or has expired.' };

async function requestLink(app: App, email: string, language = 'en'): Promise<string> {
  const response = await call(
    app,
    'POST',
    '/api/auth/request-password-reset',
    { email },
    {
      headers: { 'accept-language': language },
    },
  );
  expect(response.statusCode).toBe(202);
  const [mail] = await mailTo(app, email);
  const match = /(http:\/\/localhost:8080\/reset-password#token=([A-Za-z0-9_-]{43}))/.exec(
    mail?.text ?? '',
  );
  if (!match?.[2]) throw new Error('no reset link in the mailbox');
  expect(mail?.html).toContain(match[1]);
  return match[2];
}

describe.each(databaseKinds)('password reset on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(kind, relaxedAuthLimits, { now: clock.now });

  const complete = (token: string, password = newPassword) =>
    call(t.app, 'POST', '/api/auth/complete-reset-password', { token, newPassword: password });

  it('mails a link with the token in the fragment; it sets the password once', async () => {
    const email = uniqueEmail('reset');
    await registerAccount(t.app, { email, password: oldPassword });
    const token = await requestLink(t.app, email, 'vi');
    const [mail] = await mailTo(t.app, email);
    expect(mail?.subject).toBe('Đặt lại mật khẩu AI Studio của bạn');

    const done = await complete(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: expect.any(String) });
    expectSession((await login(t.app, email, newPassword)).response);
    expect((await login(t.app, email, oldPassword)).response.statusCode).toBe(401);

    const [notice] = await mailTo(t.app, email);
    expect(notice?.subject).toBe('Your AI Studio password was changed');

    const again = await complete(token, 'yet another new password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidLink);
  });

  it('signs out every existing session', async () => {
    const email = uniqueEmail('revoke');
    const { session, jar } = await registerAccount(t.app, { email, password: oldPassword });
    await complete(await requestLink(t.app, email));
    const profile = await call(t.app, 'GET', '/api/userprofile', undefined, {
      bearer: session.accessToken,
    });
    expect(profile.statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/refresh', undefined, { jar })).statusCode).toBe(
      401,
    );
  });

  it('answers the same for unknown addresses, and mails nothing to them', async () => {
    const known = uniqueEmail('known');
    await registerAccount(t.app, { email: known, password: oldPassword });
    const unknown = uniqueEmail('unknown');
    const a = await call(t.app, 'POST', '/api/auth/request-password-reset', { email: known });
    const b = await call(t.app, 'POST', '/api/auth/request-password-reset', { email: unknown });
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.body).toBe(b.body);
    expect(await mailTo(t.app, unknown)).toEqual([]);
  });

  it('expires after 30 minutes', async () => {
    const email = uniqueEmail('expiry');
    await registerAccount(t.app, { email, password: oldPassword });
    const token = await requestLink(t.app, email);
    clock.advance(minutes(30) + 1_000);
    const late = await complete(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(invalidLink);
    expectSession((await login(t.app, email, oldPassword)).response);
  });

  it('keeps the link usable when the new password is refused', async () => {
    const email = uniqueEmail('weak');
    await registerAccount(t.app, { email, password: oldPassword });
    const token = await requestLink(t.app, email);
    const weak = await complete(token, 'password123456');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ message: 'This password is too common. Choose another one.' });
    expect((await complete(token)).statusCode).toBe(200);
  });

  it('only the newest link works', async () => {
    const email = uniqueEmail('newest');
    await registerAccount(t.app, { email, password: oldPassword });
    const first = await requestLink(t.app, email);
    const second = await requestLink(t.app, email);
    expect((await complete(first)).statusCode).toBe(400);
    expect((await complete(second)).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const response = await complete('A'.repeat(43));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidLink);
  });

  it('lets an e-mail-code account set its first password', async () => {
    const email = uniqueEmail('codeuser');
    await signInWithCode(t.app, email);
    expect((await login(t.app, email, newPassword)).response.statusCode).toBe(401);
    expect((await complete(await requestLink(t.app, email))).statusCode).toBe(200);
    expectSession((await login(t.app, email, newPassword)).response);
  });

  it('lets exactly one of two simultaneous completions through', async () => {
    const email = uniqueEmail('race');
    await registerAccount(t.app, { email, password: oldPassword });
    const token = await requestLink(t.app, email);
    const results = await Promise.all([complete(token), complete(token, 'a different new one')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
