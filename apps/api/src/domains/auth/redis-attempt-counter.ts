import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AttemptCounter } from './attempt-counter.ts';

/**
 * Counts one attempt unless the key is at its limit, in one script (atomic on the server):
 * returns 0 when counted, else the window's remaining milliseconds. A window starts with its
 * first attempt and its key expires with it.
 */
const takeScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then return ttl end
  redis.call('DEL', KEYS[1])
end
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

/** Counts one attempt (past the limit too), starting the window with the first. */
const hitScript = `
if redis.call('INCR', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 0
`;

/** The window's remaining milliseconds when the key is at its limit, else 0. */
const retryAfterScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count < tonumber(ARGV[1]) then return 0 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then return ttl end
return 0
`;

const seconds = (milliseconds: number) =>
  milliseconds > 0 ? Math.max(1, Math.ceil(milliseconds / 1000)) : 0;

/**
 * The attempt counter in Redis, for several processes: each key is one fixed window that every
 * process counts in. Keys hold a hash of the counted key (an e-mail address never lands in
 * Redis) under `<REDIS_KEY_PREFIX>:attempts:<name>:`. Windows follow Redis's clock, not the
 * app's injected one.
 */
export function createRedisAttemptCounter({
  client,
  keyPrefix,
  name,
  max,
  windowMs,
}: {
  client: Redis;
  keyPrefix: string;
  name: string;
  max: number;
  windowMs: number;
}): AttemptCounter {
  const redisKey = (key: string) =>
    `${keyPrefix}:attempts:${name}:${createHash('sha256').update(key).digest('base64url')}`;
  const run = async (script: string, key: string, ...args: number[]): Promise<number> =>
    Number(await client.eval(script, 1, redisKey(key), ...args));

  return {
    retryAfter: async (key) => seconds(await run(retryAfterScript, key, max)),
    hit: async (key) => {
      await run(hitScript, key, windowMs);
    },
    take: async (key) => seconds(await run(takeScript, key, max, windowMs)),
    reset: async (key) => {
      await client.del(redisKey(key));
    },
  };
}
