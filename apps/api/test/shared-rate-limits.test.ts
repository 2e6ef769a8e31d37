import type { App } from '../src/app.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { redisEnv, startRedisRelay, uniqueRedisPrefix } from './support/redis.ts';
import { useSharedDatabaseApps } from './support/shared-database-apps.ts';

const limits = { RATE_LIMIT_AUTH_MAX: '4', RATE_LIMIT_API_MAX: '4' };
const client = '203.0.113.7';

/** A sign-in route (the auth limit) that answers at once: an empty login is a 400. */
const login = (app: App, remoteAddress = client) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress });
const pricing = (app: App, remoteAddress = client) =>
  app.inject({ method: 'GET', url: '/api/pricing', remoteAddress });

describe('rate limits counted in Redis', () => {
  const shared = useSharedDatabaseApps('sqlite', 2, {
    ...limits,
    ...redisEnv(uniqueRedisPrefix('rate-limits')),
  });

  it('two processes on one Redis enforce one limit: the 5th request across both gets 429', async () => {
    const [first, second] = shared.apps as [App, App];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await login(attempt % 2 === 0 ? first : second)).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400]);

    for (const app of [first, second]) {
      const blocked = await login(app);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: 'Too many requests. Please try again later.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address has its own count, on either process.
    expect((await login(second, '203.0.113.8')).statusCode).toBe(400);
  });

  it('counts every route on its own', async () => {
    const [first, second] = shared.apps as [App, App];
    const address = '203.0.113.9';
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await login(attempt % 2 === 0 ? first : second, address)).statusCode).toBe(400);
    }
    expect((await pricing(first, address)).statusCode).toBe(200);
  });
});

describe('rate limits without Redis', () => {
  const shared = useSharedDatabaseApps('sqlite', 2, limits);

  it('each process counts alone', async () => {
    const [first, second] = shared.apps as [App, App];
    for (const app of [first, second]) {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect((await login(app)).statusCode).toBe(400);
      }
    }
    expect((await login(first)).statusCode).toBe(429);
    expect((await login(second)).statusCode).toBe(429);
  });
});

describe('rate limits when Redis fails mid-way', () => {
  let relay: Awaited<ReturnType<typeof startRedisRelay>> | undefined;
  const prefix = uniqueRedisPrefix('rate-limits-down');
  const shared = useSharedDatabaseApps('sqlite', 1, async () => {
    relay = await startRedisRelay();
    // No worker: this app's job queue stays idle while its Redis is gone.
    return { ...limits, ...redisEnv(prefix), REDIS_URL: relay.url, JOBS_WORKER: 'false' };
  });
  afterAll(() => relay?.cut());

  it('sign-in routes fail closed, the other routes stay open', async () => {
    const [app] = shared.apps as [App];
    expect((await login(app)).statusCode).toBe(400);
    expect((await pricing(app)).statusCode).toBe(200);

    await relay?.cut();

    const refused = await login(app);
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toEqual({ message: 'Server error. Please try again later.' });
    // Served at once: the limiter does not queue its counts behind reconnection attempts.
    const started = Date.now();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await pricing(app)).statusCode).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
