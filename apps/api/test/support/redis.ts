import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
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

/**
 * A TCP relay to the test Redis on a loopback port: an app pointed at it loses Redis when the
 * test calls `cut()` (the relay closes and refuses new connections), while every other test
 * keeps its Redis.
 */
export async function startRedisRelay(): Promise<{ url: string; cut(): Promise<void> }> {
  const target = new URL(testRedisUrl);
  const sockets = new Set<Socket>();
  const server = createServer((incoming) => {
    const outgoing = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
