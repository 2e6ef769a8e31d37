import { Redis } from 'ioredis';
import { createBullmqQueue, type RedisAccess } from '../../src/jobs/bullmq-queue.ts';
import { createInProcessJobStore, createInProcessQueue } from '../../src/jobs/in-process-queue.ts';
import type { JobQueue } from '../../src/jobs/job-queue.ts';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from './redis.ts';

/** Two instances of one backend over one store, as two processes share one Redis. */
export interface JobInstances {
  a: JobQueue;
  b: JobQueue;
  /** Stops both and removes what they stored. */
  close(): Promise<void>;
}

export interface JobBackend {
  name: string;
  /** `bWorker: false` makes b enqueue and follow without running anything. */
  open(options?: { bWorker?: boolean }): Promise<JobInstances>;
}

const inProcess: JobBackend = {
  name: 'in-process',
  async open(options = {}) {
    const store = createInProcessJobStore();
    const a = createInProcessQueue({ store, concurrency: 4, worker: true });
    const b = createInProcessQueue({ store, concurrency: 4, worker: options.bWorker ?? true });
    return {
      a,
      b,
      async close() {
        await Promise.all([a.stop(0), b.stop(0)]);
      },
    };
  },
};

/** One process's view of the test Redis: the connections it opened close with it. */
export async function redisAccess(
  keyPrefix: string,
): Promise<RedisAccess & { close(): Promise<void> }> {
  const opened: Redis[] = [];
  const connect = () => {
    const connection = new Redis(testRedisUrl, { maxRetriesPerRequest: null });
    // A refused connection surfaces through the first command, which fails the test.
    connection.on('error', () => undefined);
    opened.push(connection);
    return connection;
  };
  const client = connect();
  await client.ping();
  return {
    client,
    keyPrefix,
    connect,
    async close() {
      await Promise.allSettled(opened.map((connection) => connection.quit()));
    },
  };
}

const bullmq: JobBackend = {
  name: 'bullmq',
  async open(options = {}) {
    // Unreachable Redis fails here: this suite never skips.
    const prefix = uniqueRedisPrefix('jobs');
    const redisA = await redisAccess(prefix);
    const redisB = await redisAccess(prefix);
    const errors = (error: Error) => {
      if (!/Connection is closed/.test(error.message)) console.error(error);
    };
    const a = createBullmqQueue({ redis: redisA, concurrency: 4, worker: true, onError: errors });
    const b = createBullmqQueue({
      redis: redisB,
      concurrency: 4,
      worker: options.bWorker ?? true,
      onError: errors,
    });
    return {
      a,
      b,
      async close() {
        await Promise.all([a.stop(0), b.stop(0)]);
        await Promise.all([redisA.close(), redisB.close()]);
        await deleteRedisKeys(prefix);
      },
    };
  },
};

export const jobBackends: JobBackend[] = [inProcess, bullmq];
