import type { Redis } from 'ioredis';

/** One limit a new stream must fit under: the streams counted under `key`, at most `limit`. */
export interface StreamSlotLimit {
  readonly key: string;
  readonly limit: number;
}

/**
 * How many server-sent event streams are open, per caller and per job, so a new one can be
 * refused when one of its limits is full. A slot is held by the stream's id from take() to
 * release().
 */
export interface StreamSlots {
  /**
   * Takes a slot under every limit if each has room: null. When one is full, takes none and
   * answers that limit.
   */
  take(limits: readonly StreamSlotLimit[], id: string): Promise<StreamSlotLimit | null>;
  /** Gives the stream's slots back; giving back twice, or what was never taken, does nothing. */
  release(keys: readonly string[], id: string): Promise<void>;
  /** Stops what keeps the slots alive (the Redis leases' renewal). */
  close(): void;
}

/** In this process only: without Redis, each instance counts its own streams. */
export function createMemoryStreamSlots(): StreamSlots {
  const held = new Map<string, Set<string>>();
  return {
    async take(limits, id) {
      const full = limits.find(({ key, limit }) => (held.get(key)?.size ?? 0) >= limit);
      if (full) return full;
      for (const { key } of limits) {
        const ids = held.get(key) ?? new Set<string>();
        ids.add(id);
        held.set(key, ids);
      }
      return null;
    },
    async release(keys, id) {
      for (const key of keys) {
        const ids = held.get(key);
        ids?.delete(id);
        if (ids?.size === 0) held.delete(key);
      }
    },
    close() {},
  };
}

/**
 * Drops expired leases under every key, checks each has room, then adds the stream under each:
 * all in one script, so two processes cannot both take the last slot. 0 when taken, else the
 * (1-based) number of the first full key. KEYS: the limits' keys; ARGV: now, the lease's end,
 * the stream's id, then each key's limit.
 */
const takeScript = `
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[1])
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[3])
  redis.call('PEXPIREAT', key, ARGV[2])
end
return 0
`;

/**
 * Moves a held lease's end forward, and the key's with it (XX: only if the stream still holds
 * it; the newest lease always ends last, so the key outlives every lease in it).
 */
const renewScript = `
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', ARGV[1], ARGV[2])
  redis.call('PEXPIREAT', key, ARGV[1])
end
return 0
`;

/** How long a slot lives without renewal: what a process that died leaves behind, at most. */
export const streamLeaseMs = 60_000;
const renewEveryMs = 20_000;

/**
 * In Redis, shared by every process: one sorted set per key under `<REDIS_KEY_PREFIX>:streams:`,
 * the streams' ids scored by the end of their lease. A process renews its streams' leases while
 * they are open and removes them when they close; the leases of a process that died without
 * closing its streams run out within a minute, so its slots are not held for ever.
 */
export function createRedisStreamSlots({
  client,
  keyPrefix,
  now = () => Date.now(),
}: {
  client: Redis;
  keyPrefix: string;
  now?: () => number;
}): StreamSlots {
  const redisKey = (key: string) => `${keyPrefix}:streams:${key}`;
  /** This process's open streams and their keys, to renew. */
  const open = new Map<string, readonly string[]>();
  // A heartbeat of this process's own connections, not background work: only the process that
  // holds a stream can say it is still open, so the renewal cannot move to the job queue (which
  // may run it on another instance); a lease nobody renews is what frees a dead process's slots.
  const renewal = setInterval(() => {
    const until = now() + streamLeaseMs;
    for (const [id, keys] of open) {
      client.eval(renewScript, keys.length, ...keys.map(redisKey), until, id).catch(() => {
        // Redis away for a moment: the next renewal tries again; the lease outlives two misses.
      });
    }
  }, renewEveryMs);
  renewal.unref();
  return {
    async take(limits, id) {
      const at = now();
      const taken = await client.eval(
        takeScript,
        limits.length,
        ...limits.map(({ key }) => redisKey(key)),
        at,
        at + streamLeaseMs,
        id,
        ...limits.map(({ limit }) => limit),
      );
      const full = Number(taken);
      if (full > 0) return limits[full - 1] ?? null;
      open.set(
        id,
        limits.map(({ key }) => key),
      );
      return null;
    },
    async release(keys, id) {
      open.delete(id);
      if (keys.length === 0) return;
      const pipeline = client.pipeline();
      for (const key of keys) pipeline.zrem(redisKey(key), id);
      await pipeline.exec();
    },
    close() {
      clearInterval(renewal);
    },
  };
}
