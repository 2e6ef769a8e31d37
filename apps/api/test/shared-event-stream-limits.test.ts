import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryStreamSlots,
  createRedisStreamSlots,
  type StreamSlots,
  streamLeaseMs,
} from '../src/http/stream-slots.ts';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from './support/redis.ts';

/**
 * The event streams' limits (http/stream-slots.ts): in memory for one process, in Redis for
 * several. Two slot stores on one Redis prefix stand for two API processes.
 */

const caller = { key: 'caller:user:one', limit: 2 };
const job = { key: 'job:j1', limit: 1 };

describe('event stream slots in Redis, shared by two processes', () => {
  const prefix = uniqueRedisPrefix('streams');
  const client = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
  const stores: StreamSlots[] = [];
  const store = (now?: () => number) => {
    const created = createRedisStreamSlots({ client, keyPrefix: prefix, ...(now ? { now } : {}) });
    stores.push(created);
    return created;
  };
  afterAll(async () => {
    for (const created of stores) created.close();
    await deleteRedisKeys(prefix);
    client.disconnect();
  });

  it('holds one limit across both: the one past it is refused, and a released slot is free again', async () => {
    const [first, second] = [store(), store()];
    expect(await first.take([caller], 'a')).toBeNull();
    expect(await second.take([caller], 'b')).toBeNull();
    expect(await first.take([caller], 'c')).toEqual(caller);
    expect(await second.take([caller], 'c')).toEqual(caller);

    await second.release([caller.key], 'b');
    // Twice, or what was never taken: nothing more comes back.
    await second.release([caller.key], 'b');
    await first.release([caller.key], 'never');
    expect(await first.take([caller], 'c')).toBeNull();
    expect(await second.take([caller], 'd')).toEqual(caller);
    await first.release([caller.key], 'a');
    await first.release([caller.key], 'c');
  });

  it("takes all of a stream's slots or none, and names the full one", async () => {
    const [first, second] = [store(), store()];
    const other = { key: 'caller:user:two', limit: 2 };
    expect(await first.take([caller, job], 's1')).toBeNull();
    expect(await second.take([other, job], 's2')).toEqual(job);
    // The refused stream took nothing under its caller either.
    expect(await second.take([other], 's3')).toBeNull();
    expect(await second.take([other], 's4')).toBeNull();
    expect(await second.take([other], 's5')).toEqual(other);
    for (const id of ['s3', 's4']) await second.release([other.key], id);
    await first.release([caller.key, job.key], 's1');
  });

  it("forgets a dead process's slots when their leases run out", async () => {
    let now = Date.now();
    const dying = store(() => now);
    expect(await dying.take([caller], 'x')).toBeNull();
    expect(await dying.take([caller], 'y')).toBeNull();
    dying.close();
    const survivor = store(() => now);
    expect(await survivor.take([caller], 'z')).toEqual(caller);
    now += streamLeaseMs + 1;
    expect(await survivor.take([caller], 'z')).toBeNull();
    await survivor.release([caller.key], 'z');
  });
});

describe('event stream slots in memory', () => {
  it('count in this process, all or none, and give back once', async () => {
    const slots = createMemoryStreamSlots();
    expect(await slots.take([caller, job], 'a')).toBeNull();
    expect(await slots.take([caller, job], 'b')).toEqual(job);
    expect(await slots.take([caller], 'b')).toBeNull();
    expect(await slots.take([caller], 'c')).toEqual(caller);
    await slots.release([caller.key, job.key], 'a');
    await slots.release([caller.key, job.key], 'a');
    expect(await slots.take([caller, job], 'c')).toBeNull();
    expect(await slots.take([caller], 'd')).toEqual(caller);
  });
});
