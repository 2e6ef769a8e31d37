import { Redis, type RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { LiveEntry, LiveLogs } from '../src/live/live-logs.ts';
import { createRedisLiveLogs } from '../src/live/redis-live-logs.ts';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from './support/redis.ts';

/**
 * The Redis backend of the live logs (live/redis-live-logs.ts) as two processes share it: what a
 * follower on the other process reads is every event the writer appended, in order, the last one
 * included, however fast they came.
 */

const prefix = uniqueRedisPrefix('live-logs');
const connections: Redis[] = [];
const connect = (options: RedisOptions = {}) => {
  const connection = new Redis(testRedisUrl, { maxRetriesPerRequest: null, ...options });
  connections.push(connection);
  return connection;
};
/** A logger that keeps the warnings and errors it is given (the backend's only failure signal). */
function recordingLogger(kept: unknown[]): FastifyBaseLogger {
  const keep = (...args: unknown[]) => void kept.push(args);
  const ignore = () => {};
  const logger = {
    level: 'warn',
    fatal: keep,
    error: keep,
    warn: keep,
    info: ignore,
    debug: ignore,
    trace: ignore,
    silent: ignore,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}
const errors: unknown[] = [];
const watched = recordingLogger(errors);
const silent = recordingLogger([]);

/** One process's live logs; `timing` shortens its heartbeat and the silence taken for death. */
function process(
  name: string,
  log = silent,
  timing: { heartbeatMs?: number; staleMs?: number } = {},
): LiveLogs {
  return createRedisLiveLogs({
    client: connect({ maxRetriesPerRequest: 2 }),
    connect,
    keyPrefix: prefix,
    instance: name,
    log,
    blockMs: 200,
    ...timing,
  });
}

afterAll(async () => {
  await deleteRedisKeys(prefix);
  await Promise.allSettled(connections.map((connection) => connection.quit()));
});

async function collect(entries: AsyncGenerator<LiveEntry>): Promise<LiveEntry[]> {
  const all: LiveEntry[] = [];
  for await (const entry of entries) all.push(entry);
  return all;
}

describe('live logs on Redis', () => {
  it('gives a follower on another process every event, in order, when the last comes at once after a burst', async () => {
    const writer = process('writer', watched);
    const reader = process('reader');
    for (let round = 0; round < 5; round += 1) {
      const id = `burst-${round}-${Date.now()}`;
      const run = await writer.start(id, { kind: 'test' }, null);
      // A burst in one tick, then the last event straight after (a model's final chunks).
      for (let n = 1; n <= 40; n += 1) run.append('delta', { n });
      await run.finish('done', { n: 41 });
      const followed = await collect(reader.follow(id, 0, new AbortController().signal));
      expect(followed.map((entry) => entry.seq)).toEqual(
        Array.from({ length: 41 }, (_, index) => index + 1),
      );
      expect(followed.at(-1)).toMatchObject({ type: 'done', final: true });
      expect(await reader.running(id)).toBe(false);
    }
    // No event was refused on the way (an XADD overtaken by the last event's MULTI is).
    expect(errors).toEqual([]);
    await Promise.all([writer.close(), reader.close()]);
  });
  it("ends a follower that had seen more than Redis kept when the writer died: its log's end comes below where it was", async () => {
    const writer = process('dying', silent, { heartbeatMs: 100, staleMs: 400 });
    const survivor = process('survivor', silent, { staleMs: 400 });
    survivor.onAbandoned(async () => ({ type: 'error', data: { code: 'interrupted' } }));
    const id = `died-${Date.now()}`;
    const run = await writer.start(id, { kind: 'test' }, null);
    for (let n = 1; n <= 5; n += 1) run.append('delta', { n });
    // Written to Redis (the reader on the other process sees all five)…
    const seen = await collect(
      (async function* () {
        for await (const entry of survivor.follow(id, 0, AbortSignal.timeout(600))) yield entry;
      })(),
    );
    expect(seen.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5]);
    // …then the writer dies. Its own followers had been shown events 6 to 9, which it had not
    // yet written to Redis when it died; one of them now follows from 9 on the survivor.
    await writer.close();
    const followed = await collect(survivor.follow(id, 9, AbortSignal.timeout(5000)));
    expect(followed).toEqual([
      { seq: 6, type: 'error', data: { code: 'interrupted' }, final: true },
    ]);
  });
});
