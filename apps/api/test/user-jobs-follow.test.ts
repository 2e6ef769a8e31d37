import type { JobView as PublicJobView } from '@studio/contracts';
import { Worker } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUserJobsService } from '../src/domains/jobs/user-jobs.service.ts';
import { unavailableTexts } from '../src/http/errors.ts';
import { createBullmqQueue } from '../src/jobs/bullmq-queue.ts';
import type { JobQueue } from '../src/jobs/job-queue.ts';
import { redisAccess } from './support/job-backends.ts';
import { deleteRedisKeys, uniqueRedisPrefix } from './support/redis.ts';
import { waitFor } from './support/wait-for.ts';

/**
 * Following a job over BullMQ when its process goes away: the follower is never left with a job
 * "running" for ever, whether BullMQ gives up on it or Redis forgets it.
 */

const owner = 'user-1';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** The user-facing service over the queue, reading a followed job again every 100 ms. */
const followed = (queue: JobQueue) => createUserJobsService({ queue, recheckMs: 100 });

/** A queue on a Redis prefix of its own, and everything its follower heard. */
async function setUp(label: string, worker: boolean) {
  const prefix = uniqueRedisPrefix(label);
  const redis = await redisAccess(prefix);
  const queue = createBullmqQueue({ redis, concurrency: 1, worker });
  closers.push(async () => {
    await queue.stop(0);
    await redis.close();
    await deleteRedisKeys(prefix);
  });
  return { prefix, redis, queue };
}

async function follow(
  userJobs: ReturnType<typeof createUserJobsService>,
  jobId: string,
): Promise<{ views: PublicJobView[]; lost: () => boolean }> {
  const views: PublicJobView[] = [];
  let lost = false;
  const stop = await userJobs.follow(owner, jobId, {
    onView: (view) => views.push(view),
    onProgress: () => undefined,
    onLost: () => (lost = true),
  });
  closers.push(async () => stop());
  return { views, lost: () => lost };
}

const lastOf = (views: PublicJobView[]) => views.at(-1);

describe('following a job whose process went away (BullMQ)', () => {
  it('tells a job the queue lost (Redis restarted empty) as interrupted, in words for people', async () => {
    const { prefix, queue } = await setUp('follow-lost', true);
    const kind = queue.define({
      kind: 'test.lost',
      payload: z.object({}),
      result: z.string(),
      run: ({ signal }) =>
        new Promise<string>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
        ),
    });
    const userJobs = followed(queue);
    userJobs.publish(kind, { view: (result) => result });
    await queue.start();
    const job = await queue.enqueue(kind, {}, { ownerId: owner });
    const { views, lost } = await follow(userJobs, job.id);
    await waitFor(() => lastOf(views)?.state === 'running', 5000, 'the job to run');

    // What a Redis restarted without its data leaves: no trace of the job.
    await deleteRedisKeys(prefix);

    await waitFor(() => lastOf(views)?.state === 'failed', 3000, 'the follower to be told');
    expect(lastOf(views)).toMatchObject({
      id: job.id,
      state: 'failed',
      error: unavailableTexts.jobInterrupted,
      result: null,
    });
    expect(lost()).toBe(false);
  });

  it('fails clearly a job whose process died each time it ran, and its follower hears it', async () => {
    const { prefix, redis, queue } = await setUp('follow-stalled', false);
    const kind = queue.define({
      kind: 'test.abandoned',
      payload: z.object({}),
      result: z.string(),
      run: async () => 'never run here',
    });
    const userJobs = followed(queue);
    userJobs.publish(kind, { view: (result) => result });
    await queue.start();
    const job = await queue.enqueue(kind, {}, { ownerId: owner });
    const { views } = await follow(userJobs, job.id);

    // Processes that take the job and die holding it (their lock is never renewed), and one
    // that only looks for such jobs, as every worker does.
    const options = { connection: redis.connect(), prefix: `${prefix}:jobs`, lockDuration: 300 };
    const dying = new Worker(kind.kind, null, options);
    const checker = new Worker(kind.kind, null, { ...options, stalledInterval: 200 });
    closers.push(async () => {
      await dying.close();
      await checker.close();
    });
    await checker.startStalledCheckTimer();

    // BullMQ puts it back once as it is (maxStalledCount 1), so the job is taken twice.
    for (const [n, token] of ['first', 'second'].entries()) {
      await waitFor(
        async () => (await dying.getNextJob(token))?.id === job.id,
        5000,
        `the ${n === 0 ? 'first' : 'second'} dying process to take the job`,
      );
    }

    // Put back a second time, past the limit: the next process to take it fails it.
    await waitFor(
      async () => (await queue.get(job.id))?.state === 'queued',
      5000,
      'the second stall',
    );
    const survivorRedis = await redisAccess(prefix);
    const survivor = createBullmqQueue({ redis: survivorRedis, concurrency: 1, worker: true });
    closers.push(async () => {
      await survivor.stop(0);
      await survivorRedis.close();
    });
    survivor.define({ ...kind.definition, run: async () => 'finished after all' });
    await survivor.start();

    await waitFor(() => lastOf(views)?.state === 'failed', 5000, 'the follower to be told');
    expect(lastOf(views)?.error).toBe(unavailableTexts.jobInterrupted);
    expect(await userJobs.get(owner, job.id)).toMatchObject({
      state: 'failed',
      error: unavailableTexts.jobInterrupted,
    });
  });

  it('says nothing more at a recheck that finds nothing new', async () => {
    const { queue } = await setUp('follow-quiet', true);
    let finish = () => {};
    const kind = queue.define({
      kind: 'test.quiet',
      payload: z.object({}),
      result: z.string(),
      run: () =>
        new Promise<string>((resolve) => {
          finish = () => resolve('done');
        }),
    });
    const userJobs = followed(queue);
    userJobs.publish(kind, { view: (result) => result });
    await queue.start();
    const job = await queue.enqueue(kind, {}, { ownerId: owner });
    const { views } = await follow(userJobs, job.id);
    await waitFor(() => lastOf(views)?.state === 'running', 5000, 'the job to run');
    const heard = views.length;
    // Several rechecks (every 100 ms) of a job that has not changed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(views).toHaveLength(heard);
    finish();
    await waitFor(() => lastOf(views)?.state === 'completed', 5000, 'the job to complete');
  });
});
