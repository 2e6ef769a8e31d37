import { describe, expect, it } from 'vitest';
import { generateCode } from '../src/domains/auth/one-time-codes.ts';
import {
  call,
  expectSession,
  latestCode,
  mailTo,
  minutes,
  relaxedAuthLimits,
  signInWithCode,
  testClock,
  uniqueEmail,
} from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { useTestApp } from './support/test-app.ts';

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('one-time code generation', () => {
  it('gives six digits, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1950);
    expect(new Set(codes.map((code) => code[0])).size).toBe(10);
  });
});

describe.each(databaseKinds)('e-mail codes on %s', (kind) => {
  const clock = testClock();
  const t = useTestApp(kind, relaxedAuthLimits, { now: clock.now });

  it('signs a new address in, creating its account (email-code, verified address)', async () => {
    const email = uniqueEmail('code');
    const requested = await call(
      t.app,
      'POST',
      '/api/auth/request-code',
      { email },
      {
        headers: { 'accept-language': 'en-GB' },
      },
    );
    expect(requested.statusCode).toBe(202);
    const [mail] = await mailTo(t.app, email);
    expect(mail?.subject).toMatch(/^Your AI Studio sign-in code: \d{6}$/);
    const code = await latestCode(t.app, email);

    const session = expectSession(
      await call(t.app, 'POST', '/api/auth/verify-code', {
        email,
        code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
      }),
    );
    expect(session.user).toMatchObject({ email, authProvider: 'email-code', roles: [] });
    expect(session.user.userName).toMatch(/^code\./);

    // The next code signs in to the same account.
    const second = await signInWithCode(t.app, email);
    expect(second.session.user.id).toBe(session.user.id);
  });

  it('answers request-code the same for known and unknown addresses', async () => {
    const known = uniqueEmail('known');
    await signInWithCode(t.app, known);
    const a = await call(t.app, 'POST', '/api/auth/request-code', { email: known });
    const b = await call(t.app, 'POST', '/api/auth/request-code', {
      email: uniqueEmail('unknown'),
    });
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.body).toBe(b.body);
  });

  it('works once only', async () => {
    const email = uniqueEmail('once');
    await call(t.app, 'POST', '/api/auth/request-code', { email });
    const code = await latestCode(t.app, email);
    expectSession(await call(t.app, 'POST', '/api/auth/verify-code', { email, code }));
    const reused = await call(t.app, 'POST', '/api/auth/verify-code', { email, code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: 'Invalid code' });
  });

  it('lets exactly one of two simultaneous submissions succeed', async () => {
    const email = uniqueEmail('race');
    await call(t.app, 'POST', '/api/auth/request-code', { email });
    const code = await latestCode(t.app, email);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.app, 'POST', '/api/auth/verify-code', { email, code }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('is accepted at 9:59 and refused at 10:01', async () => {
    const email = uniqueEmail('clock');
    await call(t.app, 'POST', '/api/auth/request-code', { email });
    const code = await latestCode(t.app, email);
    clock.advance(minutes(9) + 59_000);
    expectSession(await call(t.app, 'POST', '/api/auth/verify-code', { email, code }));

    const late = uniqueEmail('late');
    await call(t.app, 'POST', '/api/auth/request-code', { email: late });
    const lateCode = await latestCode(t.app, late);
    clock.advance(minutes(10) + 1_000);
    expect(
      (await call(t.app, 'POST', '/api/auth/verify-code', { email: late, code: lateCode }))
        .statusCode,
    ).toBe(401);
  });

  it('dies after 5 wrong tries, even for the right code', async () => {
    const email = uniqueEmail('guess');
    await call(t.app, 'POST', '/api/auth/request-code', { email });
    const code = await latestCode(t.app, email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess = await call(t.app, 'POST', '/api/auth/verify-code', {
        email,
        code: wrong(code),
      });
      expect(guess.statusCode).toBe(401);
    }
    expect((await call(t.app, 'POST', '/api/auth/verify-code', { email, code })).statusCode).toBe(
      401,
    );
    // A new code must be requested, and it works.
    const { session } = await signInWithCode(t.app, email);
    expect(session.user.email).toBe(email);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const email = uniqueEmail('four');
    await call(t.app, 'POST', '/api/auth/request-code', { email });
    const code = await latestCode(t.app, email);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await call(t.app, 'POST', '/api/auth/verify-code', { email, code: wrong(code) });
    }
    expectSession(await call(t.app, 'POST', '/api/auth/verify-code', { email, code }));
  });

  it("refuses A's code for B and for confirming a registration", async () => {
    const a = uniqueEmail('a');
    const b = uniqueEmail('b');
    await call(t.app, 'POST', '/api/auth/request-code', { email: a });
    await call(t.app, 'POST', '/api/auth/request-code', { email: b });
    const codeOfA = await latestCode(t.app, a);
    expect(
      (await call(t.app, 'POST', '/api/auth/verify-code', { email: b, code: codeOfA })).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/auth/register/confirm', { email: a, code: codeOfA }))
        .statusCode,
    ).toBe(401);
    expectSession(await call(t.app, 'POST', '/api/auth/verify-code', { email: a, code: codeOfA }));
  });

  it('replaces an older code with a new one', async () => {
    const email = uniqueEmail('replace');
    await call(t.app, 'POST', '/api/auth/request-code', { email });
    const first = await latestCode(t.app, email);
    await call(t.app, 'POST', '/api/auth/request-code', { email });
    const second = await latestCode(t.app, email);
    if (first !== second) {
      expect(
        (await call(t.app, 'POST', '/api/auth/verify-code', { email, code: first })).statusCode,
      ).toBe(401);
    }
    expectSession(await call(t.app, 'POST', '/api/auth/verify-code', { email, code: second }));
  });

  it('limits codes per address to 3 in 10 minutes (429 with Retry-After), then lets it go', async () => {
    const email = uniqueEmail('limit');
    for (let request = 0; request < 3; request += 1) {
      expect((await call(t.app, 'POST', '/api/auth/request-code', { email })).statusCode).toBe(202);
    }
    const fourth = await call(t.app, 'POST', '/api/auth/request-code', { email });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailTo(t.app, email)).toHaveLength(3);
    // Another address is not affected.
    expect(
      (await call(t.app, 'POST', '/api/auth/request-code', { email: uniqueEmail('free') }))
        .statusCode,
    ).toBe(202);
    clock.advance(minutes(10) + 1_000);
    expect((await call(t.app, 'POST', '/api/auth/request-code', { email })).statusCode).toBe(202);
  });
});

describe('per-IP limits on the code endpoints', () => {
  const t = useTestApp('sqlite', {
    RATE_LIMIT_AUTH_MAX: '3',
    RATE_LIMIT_AUTH_WINDOW_SECONDS: '600',
  });

  it('answers 429 with Retry-After beyond the limit, for request-code and verify-code', async () => {
    for (const url of ['/api/auth/request-code', '/api/auth/verify-code']) {
      const statuses: number[] = [];
      let retryAfter: string | string[] | undefined;
      for (let request = 0; request < 4; request += 1) {
        const response = await call(
          t.app,
          'POST',
          url,
          { email: uniqueEmail('ip'), code: '123456' },
          { remoteAddress: '203.0.113.7' },
        );
        statuses.push(response.statusCode);
        retryAfter = response.headers['retry-after'];
      }
      expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
      expect(statuses[3]).toBe(429);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      // Another client address still gets through.
      const other = await call(
        t.app,
        'POST',
        url,
        { email: uniqueEmail('ip'), code: '123456' },
        { remoteAddress: '203.0.113.8' },
      );
      expect(other.statusCode).not.toBe(429);
    }
  });
});
