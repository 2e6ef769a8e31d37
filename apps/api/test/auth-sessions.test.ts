import { sessionListResponse } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { createCsrfToken, isValidCsrfToken } from '../src/security/csrf-token.ts';
import {
  call,
  CookieJar,
  days,
  expectSession,
  latestCode,
  login,
  refreshCookie,
  registerAccount,
  relaxedAuthLimits,
  signInWithCode,
  testClock,
  uniqueEmail,
} from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { testCsrfSecret, useTestApp } from './support/test-app.ts';

const password = 'sessions are families of tokens';

/** A copy of the jar: a second device, or a thief's copy of the cookies. */
function copyOf(jar: CookieJar): CookieJar {
  const copy = new CookieJar();
  for (const [name, value] of jar.jar) copy.set(name, value);
  return copy;
}

describe.each(databaseKinds)('first-party sessions on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(kind, relaxedAuthLimits, { now: clock.now });

  const refresh = (jar: CookieJar) => call(t.app, 'POST', '/api/auth/refresh', undefined, { jar });
  const profile = (token: string) =>
    call(t.app, 'GET', '/api/userprofile', undefined, { bearer: token });

  it('rotates the refresh token on every use', async () => {
    const { jar, session } = await signInWithCode(t.app, uniqueEmail('rotate'));
    const first = jar.cookies[refreshCookie];
    const refreshed = expectSession(await refresh(jar));
    const second = jar.cookies[refreshCookie];
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(second?.split('.')[0]).toBe(first?.split('.')[0]);
    expect(refreshed.user.id).toBe(session.user.id);
    expect(refreshed.accessToken).not.toBe(session.accessToken);
    expect((await profile(refreshed.accessToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const { jar } = await signInWithCode(t.app, uniqueEmail('reuse'));
    const stolen = copyOf(jar);
    const legitimate = expectSession(await refresh(jar)); // RT1 → RT2

    const replay = await refresh(stolen); // RT1 again
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'Authentication required. Please log in.' });
    expect(replay.cookies.find((c) => c.name === refreshCookie)?.value).toBe('');

    expect((await refresh(jar)).statusCode).toBe(401); // RT2 dies with its family
    expect((await profile(legitimate.accessToken)).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous refreshes with the same token through', async () => {
    const { jar } = await signInWithCode(t.app, uniqueEmail('parallel'));
    const results = await Promise.all([refresh(copyOf(jar)), refresh(copyOf(jar))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a refresh without a cookie, or with a forged one', async () => {
    expect((await call(t.app, 'POST', '/api/auth/refresh')).statusCode).toBe(401);
    const jar = new CookieJar();
    jar.set(refreshCookie, `00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`);
    jar.set('XSRF-TOKEN', createCsrfToken(testCsrfSecret, '00000000-0000-4000-8000-000000000000'));
    expect((await refresh(jar)).statusCode).toBe(401);
  });

  it('logout revokes the session: the refresh cookie and the access token stop working', async () => {
    const { jar, session } = await signInWithCode(t.app, uniqueEmail('logout'));
    const kept = copyOf(jar);
    const out = await call(t.app, 'POST', '/api/auth/logout', undefined, {
      jar,
      bearer: session.accessToken,
    });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === refreshCookie);
    expect(cleared?.value).toBe('');
    // A fresh anonymous XSRF token comes with it.
    const xsrf = out.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    expect(isValidCsrfToken(testCsrfSecret, xsrf)).toBe(true);

    expect((await profile(session.accessToken)).statusCode).toBe(401);
    expect((await refresh(kept)).statusCode).toBe(401);
  });

  it('logout with only the bearer token ends that session', async () => {
    const { jar, session } = await signInWithCode(t.app, uniqueEmail('bearer-logout'));
    const out = await call(t.app, 'POST', '/api/auth/logout', undefined, {
      bearer: session.accessToken,
    });
    expect(out.statusCode).toBe(204);
    expect((await profile(session.accessToken)).statusCode).toBe(401);
    expect((await refresh(jar)).statusCode).toBe(401);
  });

  it('sign out everywhere ends every session and every access token', async () => {
    const email = uniqueEmail('everywhere');
    const laptop = await registerAccount(t.app, { email, password });
    const phone = await login(t.app, email, password);
    const phoneSession = expectSession(phone.response);

    const out = await call(t.app, 'POST', '/api/auth/signout-everywhere', undefined, {
      jar: laptop.jar,
      bearer: laptop.session.accessToken,
    });
    expect(out.statusCode).toBe(204);
    expect((await profile(laptop.session.accessToken)).statusCode).toBe(401);
    expect((await profile(phoneSession.accessToken)).statusCode).toBe(401);
    expect((await refresh(phone.jar)).statusCode).toBe(401);

    // Signing in again works at once.
    const again = expectSession((await login(t.app, email, password)).response);
    expect((await profile(again.accessToken)).statusCode).toBe(200);
  });

  it('lists the caller’s sessions and revokes only their own (404 for anyone else’s)', async () => {
    const email = uniqueEmail('list');
    const first = await registerAccount(t.app, { email, password });
    await login(t.app, email, password, { headers: { 'user-agent': 'Second device' } });
    const listed = await call(t.app, 'GET', '/api/auth/sessions', undefined, {
      bearer: first.session.accessToken,
    });
    expect(listed.statusCode).toBe(200);
    const { sessions } = sessionListResponse.parse(listed.json());
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current);
    expect(other?.userAgent).toBe('Second device');

    const intruder = await signInWithCode(t.app, uniqueEmail('intruder'));
    const stolen = await call(t.app, 'DELETE', `/api/auth/sessions/${other?.id}`, undefined, {
      bearer: intruder.session.accessToken,
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      (
        await call(t.app, 'DELETE', '/api/auth/sessions/not-a-session', undefined, {
          bearer: first.session.accessToken,
        })
      ).statusCode,
    ).toBe(404);

    const own = await call(t.app, 'DELETE', `/api/auth/sessions/${other?.id}`, undefined, {
      bearer: first.session.accessToken,
    });
    expect(own.statusCode).toBe(204);
    const after = sessionListResponse.parse(
      (
        await call(t.app, 'GET', '/api/auth/sessions', undefined, {
          bearer: first.session.accessToken,
        })
      ).json(),
    );
    expect(after.sessions.map((s) => s.id)).not.toContain(other?.id);
  });

  it('needs a bearer token for the session routes', async () => {
    const response = await call(t.app, 'GET', '/api/auth/sessions');
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('ends a session unused for the idle period', async () => {
    const { jar } = await signInWithCode(t.app, uniqueEmail('idle'));
    clock.advance(days(6));
    expectSession(await refresh(jar)); // used within the week: still alive
    clock.advance(days(7) + 60_000);
    expect((await refresh(jar)).statusCode).toBe(401);
  });

  it('never extends a session beyond its absolute end, however often it is refreshed', async () => {
    const { jar } = await signInWithCode(t.app, uniqueEmail('absolute'));
    for (let step = 0; step < 5; step += 1) {
      clock.advance(days(5));
      expectSession(await refresh(jar));
    }
    clock.advance(days(4)); // day 29: still inside the 30 days
    expectSession(await refresh(jar));
    clock.advance(days(1) + 60_000);
    expect((await refresh(jar)).statusCode).toBe(401);
  });
});

describe('CSRF on the cookie-carrying auth endpoints', () => {
  const t = useTestApp('sqlite', relaxedAuthLimits);

  it('refuses refresh and logout without the X-XSRF-TOKEN header', async () => {
    const { jar } = await signInWithCode(t.app, uniqueEmail('csrf'));
    for (const url of ['/api/auth/refresh', '/api/auth/logout']) {
      const response = await t.app.inject({ method: 'POST', url, cookies: jar.cookies });
      expect(response.statusCode).toBe(403);
    }
    // The session survived both attempts.
    expectSession(await call(t.app, 'POST', '/api/auth/refresh', undefined, { jar }));
  });

  it('binds the XSRF token to the session: a token minted for session A is refused in session B', async () => {
    const a = await signInWithCode(t.app, uniqueEmail('csrf-a'));
    const b = await signInWithCode(t.app, uniqueEmail('csrf-b'));
    const tokenOfA = a.jar.cookies['XSRF-TOKEN'] ?? '';
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { ...b.jar.cookies, 'XSRF-TOKEN': tokenOfA },
      headers: { 'x-xsrf-token': tokenOfA },
    });
    expect(mixed.statusCode).toBe(403);
    const anonymous = createCsrfToken(testCsrfSecret);
    const anonymousInSession = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { ...b.jar.cookies, 'XSRF-TOKEN': anonymous },
      headers: { 'x-xsrf-token': anonymous },
    });
    expect(anonymousInSession.statusCode).toBe(403);
    expectSession(await call(t.app, 'POST', '/api/auth/refresh', undefined, { jar: b.jar }));
  });

  it('re-issues a matching XSRF token on a GET when the browser holds a stale one', async () => {
    const { jar } = await signInWithCode(t.app, uniqueEmail('csrf-get'));
    const sessionId = jar.cookies[refreshCookie]?.split('.')[0] ?? '';
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      cookies: { ...jar.cookies, 'XSRF-TOKEN': createCsrfToken(testCsrfSecret) },
    });
    const issued = response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    expect(isValidCsrfToken(testCsrfSecret, issued, sessionId)).toBe(true);
    expect(isValidCsrfToken(testCsrfSecret, issued)).toBe(false);
  });
});

describe('the refresh cookie over https', () => {
  const t = useTestApp('sqlite', {
    ...relaxedAuthLimits,
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://studio.example',
  });

  it('is __Host-studio-refresh: Secure, HttpOnly, SameSite=Strict, Path=/, no Domain', async () => {
    const email = uniqueEmail('https');
    await call(t.app, 'POST', '/api/auth/request-code', { email });
    const code = await latestCode(t.app, email);
    const response = await call(t.app, 'POST', '/api/auth/verify-code', { email, code });
    expectSession(response);
    const cookie = response.cookies.find((c) => c.name === '__Host-studio-refresh');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.domain).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'studio-refresh')).toBeUndefined();
  });
});
