import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The machine's Redis (CI starts it like PostgreSQL). Unreachable Redis fails the suites that
 * use it: there is no opt-out, as the Redis-backed parts have no other test.
 */
export const testRedisUrl = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A key prefix no other test (file, worker or run) uses. */
export function uniqueRedisPrefix(label: string): string {
  return `test-${label}-${process.pid}-${randomBytes(4).toString('hex')}`.slice(0, 40);
}

/** The variables that put an app on the test Redis under its own key prefix. */
export function redisEnv(prefix: string): Record<string, string> {
  return { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix };
}

/** Deletes every key under `prefix` (a test's leftovers). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const client = new Redis(testRedisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
