import { Worker } from 'bullmq';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobContext, JobEvent, JobView } from '../src/jobs/job-queue.ts';
import { createBullmqQueue } from '../src/jobs/bullmq-queue.ts';
import { FinalJobError, InvalidJobPayloadError } from '../src/jobs/job-rules.ts';
import {
  jobBackends,
  type JobBackend,
  type JobInstances,
  redisAccess,
} from './support/job-backends.ts';
import { deleteRedisKeys, uniqueRedisPrefix } from './support/redis.ts';

/**
 * The same contract for both backends of the job queue. Each case runs two instances over one
 * store, as two processes share one Redis: the in-process backend's two runners share one
 * memory store, the BullMQ backend's two queues share a Redis prefix of their own.
 */

const emptyPayload = z.object({}).strict();
const textPayload = z.object({ text: z.string().min(1) });
const anyResult = z.unknown();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<Value>(
  read: () => Promise<Value> | Value,
  accept: (value: Value) => boolean,
  timeoutMs = 5000,
): Promise<Value> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    }
    await sleep(15);
  }
}

const settled = (view: JobView | null) =>
  view !== null && ['completed', 'failed', 'cancelled'].includes(view.state);

/** Resolves when the signal aborts (a job that waits to be cancelled or handed back). */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
}

describe.each(jobBackends)('job queue contract: $name', (backend: JobBackend) => {
  let instances: JobInstances | null = null;
  const open = async (options?: Parameters<JobBackend['open']>[0]) => {
    instances = await backend.open(options);
    return instances;
  };
  afterEach(async () => {
    await instances?.close();
    instances = null;
  });

  it('runs a job once with two workers', async () => {
    const { a, b } = await open();
    const runs: string[] = [];
    const definition = {
      kind: 'test.once',
      payload: textPayload,
      result: z.string(),
      run: async ({ payload }: JobContext<{ text: string }>) => {
        runs.push(payload.text);
        await sleep(5);
        return payload.text.toUpperCase();
      },
    };
    const kind = a.define(definition);
    b.define(definition);
    await Promise.all([a.start(), b.start()]);
    const jobs = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 ? a : b).enqueue(kind, { text: `job-${index}` }),
      ),
    );
    for (const job of jobs) {
      const done = await until(() => b.get(job.id), settled);
      expect(done).toMatchObject({ state: 'completed', attempts: 1 });
    }
    expect(runs.sort()).toEqual(jobs.map((_, index) => `job-${index}`).sort());
    const first = await a.get(jobs[0]?.id ?? '');
    expect(first?.result).toBe('JOB-0');
  });

  it('defines each kind once, under a dotted lower-case name', async () => {
    const { a } = await open();
    const definition = {
      kind: 'test.defined',
      payload: textPayload,
      result: z.string(),
      run: async () => 'done',
    };
    a.define(definition);
    expect(() => a.define(definition)).toThrow('job kind "test.defined" is already defined');
    expect(() => a.define({ ...definition, kind: 'Test Kind' })).toThrow(
      'job kind "Test Kind" must be dotted lower-case words, such as mail.send',
    );
  });

  it('retries a job that throws, with exponential back-off', async () => {
    const { a, b } = await open();
    const startedAt: number[] = [];
    const definition = {
      kind: 'test.flaky',
      payload: emptyPayload,
      result: z.literal('ok'),
      attempts: 3,
      backoffMs: 80,
      run: async ({ attempt }: JobContext<Record<string, never>>) => {
        startedAt.push(Date.now());
        if (attempt < 3) throw new Error(`flaky attempt ${attempt}`);
        return 'ok' as const;
      },
    };
    const kind = a.define(definition);
    b.define(definition);
    await Promise.all([a.start(), b.start()]);
    const job = await a.enqueue(kind, {});
    const done = await until(() => a.get(job.id), settled);
    expect(done).toMatchObject({ state: 'completed', attempts: 3, result: 'ok' });
    expect(startedAt).toHaveLength(3);
    const [first, second, third] = startedAt as [number, number, number];
    // 80 ms, then 160 ms (a little slack for timers).
    expect(second - first).toBeGreaterThanOrEqual(70);
    expect(third - second).toBeGreaterThanOrEqual(150);
  });

  it('fails a job at once, attempts left unused, when it throws a FinalJobError', async () => {
    const { a, b } = await open();
    let runs = 0;
    const definition = {
      kind: 'test.refused',
      payload: emptyPayload,
      result: anyResult,
      attempts: 3,
      backoffMs: 20,
      run: async () => {
        runs += 1;
        throw new FinalJobError('refused: trying again cannot help');
      },
    };
    const kind = a.define(definition);
    b.define(definition);
    await Promise.all([a.start(), b.start()]);
    const job = await a.enqueue(kind, {});
    const done = await until(() => b.get(job.id), settled);
    expect(done).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: 'refused: trying again cannot help',
      detail: null,
    });
    expect(runs).toBe(1);
  });

  it("keeps a FinalJobError's detail with the failed job, readable from the other instance", async () => {
    const { a, b } = await open();
    const definition = {
      kind: 'test.refused-with-detail',
      payload: emptyPayload,
      result: anyResult,
      run: async () => {
        throw new FinalJobError('refused: the prompt names an artist', {
          detail: { suggestedPrompt: 'An upbeat pop song', words: ['a', 'b'] },
        });
      },
    };
    const kind = a.define(definition);
    b.define(definition);
    await Promise.all([a.start(), b.start()]);
    const job = await a.enqueue(kind, {});
    const done = await until(() => b.get(job.id), settled);
    expect(done).toMatchObject({
      state: 'failed',
      error: 'refused: the prompt names an artist',
      detail: { suggestedPrompt: 'An upbeat pop song', words: ['a', 'b'] },
    });
    expect(await a.get(job.id)).toMatchObject({ detail: done?.detail });
  });

  it('puts a poisoned job in the failed set with its error, after its attempts', async () => {
    const { a, b } = await open();
    let runs = 0;
    const definition = {
      kind: 'test.poison',
      payload: textPayload,
      result: anyResult,
      attempts: 2,
      backoffMs: 20,
      run: async () => {
        runs += 1;
        throw new Error('poisoned: cannot digest this');
      },
    };
    const kind = a.define(definition);
    b.define(definition);
    const heard: JobView[] = [];
    a.onFailed((job) => heard.push(job));
    b.onFailed((job) => heard.push(job));
    await Promise.all([a.start(), b.start()]);
    const job = await b.enqueue(kind, { text: 'bad apple' }, { ownerId: 'user-7' });
    const done = await until(() => a.get(job.id), settled);
    expect(done).toMatchObject({
      state: 'failed',
      attempts: 2,
      ownerId: 'user-7',
      error: 'poisoned: cannot digest this',
    });
    expect(runs).toBe(2);
    const failed = await b.failed(10);
    expect(failed.map((view) => view.id)).toContain(job.id);
    await until(
      () => heard.length,
      (count) => count >= 1,
    );
    expect(heard[0]).toMatchObject({ id: job.id, kind: 'test.poison' });
    expect((await a.counts())['test.poison']).toMatchObject({ failed: 1, waiting: 0, active: 0 });
  });

  it('refuses an invalid payload on enqueue, and fails (never runs) one that arrives invalid', async () => {
    // b enqueues with a looser schema than a runs with: a payload from the store is untrusted.
    const { a, b } = await open({ bWorker: false });
    let runs = 0;
    const strict = a.define({
      kind: 'test.strict',
      payload: textPayload,
      result: anyResult,
      attempts: 3,
      backoffMs: 10,
      run: async () => {
        runs += 1;
        return null;
      },
    });
    const loose = b.define({
      kind: 'test.strict',
      payload: z.object({ text: z.string() }),
      result: anyResult,
      run: async () => null,
    });
    await Promise.all([a.start(), b.start()]);

    await expect(a.enqueue(strict, { text: '' })).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(a.enqueue(strict, { text: 42 } as unknown as { text: string })).rejects.toThrow(
      /invalid payload for test\.strict: text:/,
    );
    expect((await a.counts())['test.strict']).toMatchObject({ waiting: 0, active: 0 });

    const smuggled = await b.enqueue(loose, { text: '' });
    const done = await until(() => a.get(smuggled.id), settled);
    expect(done).toMatchObject({ state: 'failed', attempts: 1 });
    expect(done?.error).toMatch(/^invalid payload for test\.strict: text:/);
    expect(runs).toBe(0);
    expect((await a.failed(5)).map((view) => view.id)).toEqual([smuggled.id]);
  });

  it('lets another instance follow progress and state', async () => {
    const { a, b } = await open({ bWorker: false });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const definition = (runs: boolean) => ({
      kind: 'test.progress',
      payload: emptyPayload,
      result: z.object({ pages: z.number() }),
      run: async ({ progress }: JobContext<Record<string, never>>) => {
        if (!runs) throw new Error('b runs nothing');
        await gate;
        await progress(25, 'reading');
        await progress(75, 'writing');
        return { pages: 3 };
      },
    });
    a.define(definition(true));
    const kind = b.define(definition(false));
    await Promise.all([a.start(), b.start()]);
    const job = await b.enqueue(kind, {}, { ownerId: 'user-1' });
    const events: JobEvent[] = [];
    const stop = await b.subscribe(job.id, (event) => events.push(event));
    release();
    await until(
      () => events,
      (seen) => seen.some((event) => event.type === 'state' && event.state === 'completed'),
    );
    stop();
    const progress = events.filter((event) => event.type === 'progress');
    expect(progress.map((event) => event.progress)).toEqual([
      { percent: 25, stage: 'reading' },
      { percent: 75, stage: 'writing' },
    ]);
    const states = events.flatMap((event) => (event.type === 'state' ? [event.state] : []));
    expect(states.at(-1)).toBe('completed');
    expect(await b.get(job.id)).toMatchObject({
      state: 'completed',
      ownerId: 'user-1',
      result: { pages: 3 },
      progress: { percent: 75, stage: 'writing' },
    });
  });

  it('carries counted steps with progress, to followers and to a read of the job', async () => {
    const { a, b } = await open({ bWorker: false });
    const definition = (runs: boolean) => ({
      kind: 'test.steps',
      payload: emptyPayload,
      result: z.object({ parts: z.number() }),
      run: async ({ progress }: JobContext<Record<string, never>>) => {
        if (!runs) throw new Error('b runs nothing');
        await progress(10, 'speaking', { done: 0, total: 3 });
        await progress(40, 'speaking', { done: 1, total: 3 });
        // Past its total, negative or fractional: held to what a page can use.
        await progress(90, 'speaking', { done: 7.6, total: 3 });
        await progress(95, 'joining');
        return { parts: 3 };
      },
    });
    a.define(definition(true));
    const kind = b.define(definition(false));
    const job = await b.enqueue(kind, {}, { ownerId: 'user-1' });
    const events: JobEvent[] = [];
    const stop = await b.subscribe(job.id, (event) => events.push(event));
    await Promise.all([a.start(), b.start()]);
    await until(
      () => events,
      (seen) => seen.some((event) => event.type === 'state' && event.state === 'completed'),
    );
    stop();
    expect(events.flatMap((event) => (event.type === 'progress' ? [event.progress] : []))).toEqual([
      { percent: 10, stage: 'speaking', steps: { done: 0, total: 3 } },
      { percent: 40, stage: 'speaking', steps: { done: 1, total: 3 } },
      { percent: 90, stage: 'speaking', steps: { done: 3, total: 3 } },
      { percent: 95, stage: 'joining' },
    ]);
    const done = await b.get(job.id);
    expect(done?.progress).toEqual({ percent: 95, stage: 'joining' });
  });

  it('keeps the last counted steps on the job while it runs', async () => {
    const { a, b } = await open({ bWorker: false });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const definition = (runs: boolean) => ({
      kind: 'test.steps-read',
      payload: emptyPayload,
      result: z.object({}),
      run: async ({ progress }: JobContext<Record<string, never>>) => {
        if (!runs) throw new Error('b runs nothing');
        await progress(50, 'speaking', { done: 2, total: 4 });
        await gate;
        return {};
      },
    });
    a.define(definition(true));
    const kind = b.define(definition(false));
    await Promise.all([a.start(), b.start()]);
    const job = await b.enqueue(kind, {}, { ownerId: 'user-1' });
    const running = await until(
      () => b.get(job.id),
      (view) => view?.progress?.percent === 50,
    );
    expect(running?.progress).toEqual({
      percent: 50,
      stage: 'speaking',
      steps: { done: 2, total: 4 },
    });
    release();
    await until(() => b.get(job.id), settled);
  });

  it('cancels a queued job and a running one from the other instance', async () => {
    const { a, b } = await open({ bWorker: false });
    let runs = 0;
    let sawAbort = false;
    const definition = (worker: boolean) => ({
      kind: 'test.cancel',
      payload: textPayload,
      result: anyResult,
      attempts: 3,
      backoffMs: 10,
      run: async ({ signal }: JobContext<{ text: string }>) => {
        if (!worker) throw new Error('b runs nothing');
        runs += 1;
        try {
          await aborted(signal);
        } finally {
          sawAbort = signal.aborted;
        }
      },
    });
    a.define(definition(true));
    const kind = b.define(definition(false));
    await Promise.all([a.start(), b.start()]);

    const later = await b.enqueue(kind, { text: 'later' }, { delayMs: 60_000 });
    expect(await b.cancel(later.id)).toBe(true);
    expect(await a.get(later.id)).toMatchObject({ state: 'cancelled' });

    const running = await b.enqueue(kind, { text: 'now' });
    await until(
      () => a.get(running.id),
      (view) => view?.state === 'running',
    );
    expect(await b.cancel(running.id)).toBe(true);
    const done = await until(() => b.get(running.id), settled);
    expect(done).toMatchObject({ state: 'cancelled', attempts: 1 });
    expect(sawAbort).toBe(true);
    // Not retried, and not in the failed set.
    await sleep(100);
    expect(runs).toBe(1);
    expect((await a.get(running.id))?.state).toBe('cancelled');
    expect(await a.failed(10)).toEqual([]);
    expect(await b.cancel(running.id)).toBe(false);
  });

  it("runs at most perOwnerConcurrency of one owner's jobs at once; the others wait", async () => {
    const { a, b } = await open();
    const active = new Map<string, number>();
    const most = new Map<string, number>();
    let overall = 0;
    let mostOverall = 0;
    const definition = {
      kind: 'test.owner',
      payload: emptyPayload,
      result: anyResult,
      perOwnerConcurrency: 1,
      run: async ({ ownerId }: JobContext<Record<string, never>>) => {
        const owner = ownerId ?? 'none';
        active.set(owner, (active.get(owner) ?? 0) + 1);
        overall += 1;
        most.set(owner, Math.max(most.get(owner) ?? 0, active.get(owner) ?? 0));
        mostOverall = Math.max(mostOverall, overall);
        await sleep(120);
        active.set(owner, (active.get(owner) ?? 0) - 1);
        overall -= 1;
        return null;
      },
    };
    const kind = a.define(definition);
    b.define(definition);
    await Promise.all([a.start(), b.start()]);
    const jobs = await Promise.all([
      a.enqueue(kind, {}, { ownerId: 'ann' }),
      b.enqueue(kind, {}, { ownerId: 'ann' }),
      a.enqueue(kind, {}, { ownerId: 'ann' }),
      b.enqueue(kind, {}, { ownerId: 'bob' }),
    ]);
    for (const job of jobs) {
      expect(await until(() => a.get(job.id), settled, 8000)).toMatchObject({
        state: 'completed',
      });
    }
    expect(most.get('ann')).toBe(1);
    expect(most.get('bob')).toBe(1);
    // Bob did not wait behind Ann.
    expect(mostOverall).toBe(2);
  });

  it('stop() hands a running job back, and the other worker completes it', async () => {
    const { a, b } = await open();
    const definition = (name: string) => ({
      kind: 'test.handback',
      payload: emptyPayload,
      result: z.string(),
      run: async ({ signal }: JobContext<Record<string, never>>) => {
        if (name === 'a') await aborted(signal);
        return `finished by ${name}`;
      },
    });
    const kind = a.define(definition('a'));
    b.define(definition('b'));
    await a.start();
    const job = await a.enqueue(kind, {});
    await until(
      () => a.get(job.id),
      (view) => view?.state === 'running',
    );
    await a.stop(100);
    const handedBack = await b.get(job.id);
    expect(handedBack?.state).toBe('queued');
    await b.start();
    const done = await until(() => b.get(job.id), settled);
    expect(done).toMatchObject({ state: 'completed', result: 'finished by b', attempts: 1 });
  });

  it('every() runs a kind once per interval across two instances', async () => {
    const { a, b } = await open();
    const runs: number[] = [];
    const definition = {
      kind: 'test.every',
      payload: z.object({}),
      result: anyResult,
      run: async () => {
        runs.push(Date.now());
        return null;
      },
    };
    const kind = a.define(definition);
    b.define(definition);
    await Promise.all([a.every(kind, 250), b.every(kind, 250)]);
    await Promise.all([a.start(), b.start()]);
    await sleep(1400);
    // 5 intervals in 1.4 s (one more if the first runs at once); two instances without the
    // guarantee would run about twice that.
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.length).toBeLessThanOrEqual(7);
  });
});

describe('job queue on BullMQ: a crashed process', () => {
  it('retries the job it held once its lock expires, in another process', async () => {
    const prefix = uniqueRedisPrefix('jobs-crash');
    const redis = await redisAccess(prefix);
    const survivor = createBullmqQueue({
      redis,
      concurrency: 2,
      worker: true,
      lockDurationMs: 400,
      stalledIntervalMs: 250,
    });
    // The process that crashes: it takes the job (BullMQ's lock, never renewed) and vanishes.
    const crashed = new Worker('test.crash', null, {
      connection: redis.connect(),
      prefix: `${prefix}:jobs`,
      lockDuration: 400,
    });
    try {
      const kind = survivor.define({
        kind: 'test.crash',
        payload: emptyPayload,
        result: z.string(),
        run: async () => 'finished by the survivor',
      });
      const job = await survivor.enqueue(kind, {});
      const taken = await crashed.getNextJob('crashed-process');
      expect(taken?.id).toBe(job.id);
      await crashed.close();
      expect((await survivor.get(job.id))?.state).toBe('running');

      await survivor.start();
      const done = await until(() => survivor.get(job.id), settled, 8000);
      expect(done).toMatchObject({ state: 'completed', result: 'finished by the survivor' });
    } finally {
      await survivor.stop(0);
      await redis.close();
      await deleteRedisKeys(prefix);
    }
  });
});
