import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  call,
  expectSession,
  login,
  minutes,
  refreshCookie,
  registerAccount,
  relaxedAuthLimits,
  testClock,
  uniqueEmail,
} from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const password = 'a long and unusual passphrase';

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

describe.each(databaseKinds)('password login on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(kind, relaxedAuthLimits, { now: clock.now });

  it('signs in with a session cookie (HttpOnly, SameSite=Strict, Path=/) and a fresh XSRF token', async () => {
    const email = uniqueEmail('login');
    const { session: registered } = await registerAccount(t.app, { email, password });
    const { response, jar } = await login(t.app, ` ${email.toUpperCase()} `, password);
    const session = expectSession(response);
    expect(session.user.id).toBe(registered.user.id);
    expect(session.tokenType).toBe('Bearer');
    expect(session.expiresIn).toBe(900);

    const cookie = response.cookies.find((c) => c.name === refreshCookie);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.expires).toBeInstanceOf(Date);
    expect(response.cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBeFalsy();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(jar.cookies[refreshCookie]).not.toBe(registered.accessToken);
  });

  it('answers an unknown address and a wrong password alike', async () => {
    const email = uniqueEmail('enum');
    await registerAccount(t.app, { email, password });
    const wrongPassword = (await login(t.app, email, 'not the password')).response;
    const unknownAddress = (await login(t.app, uniqueEmail('nobody'), 'not the password')).response;
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownAddress.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownAddress.body);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password.' });
    expect(wrongPassword.cookies).toEqual([]);
  });

  it('takes about as long for an unknown address as for a wrong password (dummy hash)', async () => {
    const email = uniqueEmail('timing');
    await registerAccount(t.app, { email, password });
    const known: number[] = [];
    const unknown: number[] = [];
    for (let sample = 0; sample < 8; sample += 1) {
      known.push(await timed(() => login(t.app, email, `wrong ${sample}`)));
      unknown.push(await timed(() => login(t.app, uniqueEmail('ghost'), `wrong ${sample}`)));
      clock.advance(minutes(16)); // keep the per-account throttle out of the way
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(median(unknown)).toBeLessThan(median(known) * 2);
  });

  it('throttles one account after 5 failures for 15 minutes, and only that account', async () => {
    const email = uniqueEmail('throttle');
    await registerAccount(t.app, { email, password });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // Each from a different address: the per-account throttle does not care.
      const { response } = await login(t.app, email, `guess ${attempt}`, {
        remoteAddress: `198.51.100.${attempt + 1}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = (await login(t.app, email, password)).response;
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const other = uniqueEmail('bystander');
    await registerAccount(t.app, { email: other, password });
    expectSession((await login(t.app, other, password)).response);

    // Soft: the owner gets back in once the window has passed.
    clock.advance(minutes(15) + 1_000);
    expectSession((await login(t.app, email, password)).response);
  });

  it('rehashes a weaker stored hash at the next successful login', async () => {
    const email = uniqueEmail('rehash');
    const { session } = await registerAccount(t.app, { email, password });
    const weak = await hash(password, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.app.db
      .updateTable('users')
      .set({ password_hash: weak })
      .where('id', '=', session.user.id)
      .execute();
    expectSession((await login(t.app, email, password)).response);
    const row = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', session.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expectSession((await login(t.app, email, password)).response);
  });

  it('gives a new session at every login (no fixation)', async () => {
    const email = uniqueEmail('fixation');
    const { jar } = await registerAccount(t.app, { email, password });
    const before = jar.cookies[refreshCookie];
    const { response } = await login(t.app, email, password, { jar });
    expectSession(response);
    const after = jar.cookies[refreshCookie];
    expect(after).toBeDefined();
    expect(after?.split('.')[0]).not.toBe(before?.split('.')[0]);
  });
});

describe('login limits', () => {
  const t = useTestApp('sqlite');

  it('limits one client address to 10 logins in the window (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    let retryAfter: unknown;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const { response } = await login(t.app, uniqueEmail('spray'), 'not the password', {
        remoteAddress: '192.0.2.50',
      });
      statuses.push(response.statusCode);
      retryAfter = response.headers['retry-after'];
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('bounded password hashing', () => {
  const t = useTestApp('sqlite', relaxedAuthLimits);

  it('answers 503 with Retry-After when more logins arrive than can be queued', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        login(t.app, uniqueEmail('flood'), 'not the password', {
          remoteAddress: `10.0.${index >> 8}.${index & 255}`,
        }).then(({ response }) => response),
      ),
    );
    const busy = results.filter((response) => response.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(60 - 4 - 32);
    expect(busy[0]?.json()).toEqual({ message: 'Server busy. Please try again in a moment.' });
    expect(busy[0]?.headers['retry-after']).toBe('5');
    expect(results.filter((r) => r.statusCode === 401).length).toBeGreaterThanOrEqual(36);
    // And the API still answers everything else.
    expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
  });
});
