import type { Redis } from 'ioredis';
import type { QuotaCounter, QuotaKey } from './quota-counter.ts';

/**
 * Counts ARGV[3] units unless that would pass the limit, and sets the key's end: 1 when
 * counted, else 0.
 */
const takeScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local units = tonumber(ARGV[3])
if count + units > tonumber(ARGV[1]) then return 0 end
redis.call('INCRBY', KEYS[1], units)
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1
`;

/** Gives ARGV[1] units back, as many as there are (an expired day's key is not brought back). */
const releaseScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECRBY', KEYS[1], math.min(count, tonumber(ARGV[1]))) end
return 0
`;

/** A day's count outlives its day by this much, so a reply ending after midnight gives back. */
const keepAfterDayMs = 60 * 60 * 1000;

function endOfDayMs(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) + 86_400_000;
}

/**
 * Daily quotas in Redis: one key per meter, UTC day and subject under
 * `<REDIS_KEY_PREFIX>:quota:`, expiring an hour after its day. One script per take, so every
 * process counts in the same key and the limit holds under concurrency. Counts live only in
 * Redis: a Redis that loses its data (no persistence) forgets the day's counts.
 */
export function createRedisQuotaCounter({
  client,
  keyPrefix,
}: {
  client: Redis;
  keyPrefix: string;
}): QuotaCounter {
  const redisKey = ({ meter, subject, day }: QuotaKey) =>
    `${keyPrefix}:quota:${meter}:${day}:${subject}`;
  return {
    async take(key, limit, count = 1) {
      if (count < 1 || count > limit) return false;
      const expiresAt = endOfDayMs(key.day) + keepAfterDayMs;
      return Number(await client.eval(takeScript, 1, redisKey(key), limit, expiresAt, count)) === 1;
    },
    async release(key, count = 1) {
      await client.eval(releaseScript, 1, redisKey(key), count);
    },
    async used(key) {
      return Number((await client.get(redisKey(key))) ?? 0);
    },
  };
}
