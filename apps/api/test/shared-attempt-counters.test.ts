import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createRedisAttemptCounter } from '../src/domains/auth/redis-attempt-counter.ts';
import {
  call,
  expectSession,
  login,
  registerAccount,
  relaxedAuthLimits,
  uniqueEmail,
} from './support/auth.ts';
import { databaseKinds } from './support/databases.ts';
import { deleteRedisKeys, redisEnv, testRedisUrl, uniqueRedisPrefix } from './support/redis.ts';
import { useSharedDatabaseApps } from './support/shared-database-apps.ts';

const password = 'two processes, one count';

describe.each(databaseKinds)('per-account limits shared through Redis on %s', (kind) => {
  const shared = useSharedDatabaseApps(kind, 2, {
    ...relaxedAuthLimits,
    ...redisEnv(uniqueRedisPrefix('attempts')),
  });

  it('throttles the 6th failed login of an account across both processes', async () => {
    const [first, second] = shared.apps as [App, App];
    const email = uniqueEmail('across');
    await registerAccount(first, { email, password });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const app = attempt % 2 === 0 ? first : second;
      expect((await login(app, email, `guess ${attempt}`)).response.statusCode).toBe(401);
    }
    for (const app of [first, second]) {
      // Even the right password waits for the window (a soft throttle: it ends by time).
      const blocked = (await login(app, email, password)).response;
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many requests. Please try again later.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another account is not touched.
    const other = uniqueEmail('bystander');
    await registerAccount(second, { email: other, password });
    expectSession((await login(first, other, password)).response);
  });

  it('checks at most 5 passwords of 10 guesses fired at once at both processes', async () => {
    const [first, second] = shared.apps as [App, App];
    const email = uniqueEmail('burst');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        login(index % 2 === 0 ? first : second, email, `burst ${index}`),
      ),
    );
    const statuses = responses.map(({ response }) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
  });

  it('sends at most 3 mails per address across both processes', async () => {
    const [first, second] = shared.apps as [App, App];
    const email = uniqueEmail('mails');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const app = attempt % 2 === 0 ? first : second;
      statuses.push((await call(app, 'POST', '/api/auth/request-code', { email })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});

describe('the Redis attempt counter', () => {
  const prefix = uniqueRedisPrefix('counter');
  const client = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
  afterAll(async () => {
    await deleteRedisKeys(prefix);
    client.disconnect();
  });

  it('lets exactly `max` of many simultaneous takes through, then says how long to wait', async () => {
    const counter = createRedisAttemptCounter({
      client,
      keyPrefix: prefix,
      name: 'test',
      max: 3,
      windowMs: 60_000,
    });
    const waits = await Promise.all(Array.from({ length: 12 }, () => counter.take('a')));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
    expect(Math.min(...waits.filter((wait) => wait > 0))).toBeGreaterThan(55);
    expect(await counter.retryAfter('a')).toBeGreaterThan(55);
    expect(await counter.retryAfter('b')).toBe(0);
    await counter.reset('a');
    expect(await counter.take('a')).toBe(0);
    // The counted key is hashed: no address in Redis.
    expect(await client.keys(`${prefix}:*a*@*`)).toEqual([]);
  });

  it('ends a window with its key', async () => {
    const counter = createRedisAttemptCounter({
      client,
      keyPrefix: prefix,
      name: 'short',
      max: 1,
      windowMs: 200,
    });
    expect(await counter.take('x')).toBe(0);
    expect(await counter.take('x')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await counter.take('x')).toBe(0);
  });
});
