import {
  DelayedError,
  type Job,
  type JobsOptions,
  Queue,
  UnrecoverableError,
  WaitingError,
  Worker,
} from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type {
  EnqueueOptions,
  JobEvent,
  JobKind,
  JobQueue,
  JobState,
  JobView,
  QueueCounts,
} from './job-queue.ts';
import {
  abortReasonOf,
  type AnyDefinition,
  checkPayload,
  defaultAttempts,
  defaultBackoffMs,
  defaultKeepCompletedMs,
  decodeFailedReason,
  defineKind,
  encodeFailedReason,
  errorMessageOf,
  failsWithoutRetry,
  failureDetailOf,
  InvalidJobPayloadError,
  jobIdFor,
  keepFailedMs,
  kindOfJobId,
  progressOf,
  waitUntilIdle,
} from './job-rules.ts';

/**
 * The job queue on Redis with BullMQ, for several processes: one BullMQ queue per kind (so a
 * slow generation never holds up mail), each job runs once under BullMQ's lock, retries use
 * BullMQ's exponential back-off, and a job whose process died (its lock expired) is put back by
 * the stalled-job check. What BullMQ leaves to us, over one pub/sub channel pair:
 * - progress and state events for `subscribe`, published by the process that runs the job;
 * - cancellation: a marker key (so a job never starts once cancelled) and a message that makes
 *   the process running it abort its signal;
 * - per-owner concurrency: a sorted set of the owner's running jobs, counted only while each
 *   one's BullMQ lock exists (a crashed process frees its slot when its lock expires); a job
 *   without a slot goes back to the delayed set without using an attempt.
 */

/** What this backend needs of the app's Redis (plugins/external/redis.ts gives it). */
export interface RedisAccess {
  client: Redis;
  keyPrefix: string;
  connect(): Redis;
}

export interface BullmqQueueOptions {
  redis: RedisAccess;
  /** Jobs of one kind this process runs at once. */
  concurrency: number;
  /** False: enqueues and follows jobs but runs none. */
  worker: boolean;
  /** Kept with each job this process takes (BullMQ's `processedBy`): which process ran it. */
  workerName?: string;
  /** Logs what BullMQ reports outside any job (a lost connection). */
  onError?: (error: Error) => void;
  /** How long a job without an owner slot waits before it asks again. */
  ownerWaitMs?: number;
  /**
   * BullMQ's lock on a running job (renewed while it runs; default 30 s), and how often workers
   * look for jobs whose lock expired, their process gone (default 30 s). Tests shorten them.
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

/** What a BullMQ job's data holds; read back from Redis, so checked. */
const envelopeSchema = z.object({ ownerId: z.string().nullable(), payload: z.unknown() });
type Envelope = z.infer<typeof envelopeSchema>;

const progressSchema = z.object({
  percent: z.number(),
  stage: z.string(),
  steps: z.object({ done: z.number(), total: z.number() }).optional(),
});
const cancelledReason = 'cancelled';

const busyStates = ['waiting', 'prioritized', 'delayed', 'waiting-children', 'paused'];

/** Counts the owner's running jobs whose lock still exists; takes a slot when one is free. */
const takeOwnerSlot = `
local members = redis.call('ZRANGE', KEYS[1], 0, -1)
local busy = 0
for _, id in ipairs(members) do
  if id == ARGV[1] then return 1 end
  if redis.call('EXISTS', ARGV[3] .. id .. ':lock') == 1 then
    busy = busy + 1
  else
    redis.call('ZREM', KEYS[1], id)
  end
end
if busy < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
  redis.call('PEXPIRE', KEYS[1], 86400000)
  return 1
end
return 0
`;

interface ActiveJob {
  job: Job;
  token: string;
  worker: Worker;
  handedBack: boolean;
}

export function createBullmqQueue(options: BullmqQueueOptions): JobQueue {
  const { redis } = options;
  // BullMQ takes the prefix itself; ioredis' keyPrefix must never be set on these connections.
  const prefix = `${redis.keyPrefix}:jobs`;
  const eventsChannel = `${prefix}:events`;
  const cancelChannel = `${prefix}:cancel`;
  const cancelledKey = (id: string) => `${prefix}:cancelled:${id}`;
  const ownerSlotsKey = (kind: string, ownerId: string) => `${prefix}:${kind}:owners:${ownerId}`;
  const ownerWaitMs = options.ownerWaitMs ?? 200;

  const definitions = new Map<string, AnyDefinition>();
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  const active = new Map<string, ActiveJob>();
  const listeners = new Map<string, Set<(event: JobEvent) => void>>();
  const failedListeners = new Set<(job: JobView) => void>();
  const reportError = (error: Error) => options.onError?.(error);

  const commands = redis.connect();
  const subscriber = redis.connect();
  const subscribed = subscriber.subscribe(eventsChannel, cancelChannel);
  // A queue stopped before it started (or a Redis gone) must not leave this rejection unhandled;
  // start() and subscribe() await `subscribed` and still see it.
  subscribed.catch(() => undefined);
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === cancelChannel) {
      for (const worker of workers) worker.cancelJob(message, cancelledReason);
      return;
    }
    let event: JobEvent;
    try {
      event = JSON.parse(message) as JobEvent;
    } catch {
      return;
    }
    for (const listener of listeners.get(event.jobId) ?? []) listener(event);
  });

  const publish = (event: JobEvent) =>
    redis.client.publish(eventsChannel, JSON.stringify(event)).then(
      () => undefined,
      (error: unknown) => reportError(error as Error),
    );

  function queueFor(kind: string): Queue {
    let queue = queues.get(kind);
    if (!queue) {
      queue = new Queue(kind, { connection: commands, prefix });
      queue.on('error', reportError);
      queues.set(kind, queue);
    }
    return queue;
  }

  function jobOptions(definition: AnyDefinition): JobsOptions {
    return {
      attempts: definition.attempts ?? defaultAttempts,
      backoff: { type: 'exponential', delay: definition.backoffMs ?? defaultBackoffMs },
      removeOnComplete: {
        age: Math.ceil((definition.keepCompletedMs ?? defaultKeepCompletedMs) / 1000),
      },
      removeOnFail: { age: Math.ceil(keepFailedMs / 1000), count: 1000 },
    };
  }

  async function isCancelled(id: string): Promise<boolean> {
    return (await redis.client.exists(cancelledKey(id))) === 1;
  }

  function stateOf(bullState: string, cancelled: boolean): JobState | null {
    if (bullState === 'completed') return 'completed';
    if (bullState === 'failed') return cancelled ? 'cancelled' : 'failed';
    if (bullState === 'active') return 'running';
    if (busyStates.includes(bullState)) return 'queued';
    return null;
  }

  /** `knownState`: read before the job's data, so the data is never older than the state. */
  async function viewOf(job: Job, knownState?: string): Promise<JobView | null> {
    const [bullState, cancelled] = await Promise.all([
      knownState ?? job.getState(),
      isCancelled(job.id ?? ''),
    ]);
    const state = stateOf(bullState, cancelled);
    if (!state) return null;
    const envelope = envelopeSchema.safeParse(job.data);
    const progress = progressSchema.safeParse(job.progress);
    const failure = job.failedReason ? decodeFailedReason(job.failedReason) : null;
    return {
      id: job.id ?? '',
      kind: job.name,
      ownerId: envelope.success ? envelope.data.ownerId : null,
      state,
      progress: progress.success ? progress.data : null,
      attempts: job.attemptsMade + (state === 'running' && !job.finishedOn ? 1 : 0),
      result: state === 'completed' ? (job.returnvalue ?? null) : null,
      error: state === 'cancelled' ? cancelledReason : failure?.message || null,
      detail: state === 'failed' ? (failure?.detail ?? null) : null,
      createdAt: new Date(job.timestamp),
      finishedAt: job.finishedOn ? new Date(job.finishedOn) : null,
    };
  }

  /** The job and its state, the state read first (see viewOf). */
  async function findJob(id: string): Promise<{ job: Job; state: string } | null> {
    const kind = kindOfJobId(id);
    const candidates = kind ? [kind] : [...new Set([...definitions.keys(), ...queues.keys()])];
    for (const candidate of candidates) {
      const queue = queueFor(candidate);
      const state = await queue.getJobState(id);
      if (state === 'unknown') continue;
      const job = await queue.getJob(id);
      if (job) return { job, state };
    }
    return null;
  }

  async function publishState(job: Job): Promise<void> {
    const view = await viewOf(job);
    if (view)
      await publish({ type: 'state', jobId: view.id, state: view.state, error: view.error });
  }

  /** What runs a job of one kind in this process, inside BullMQ's worker. */
  function processorFor(definition: AnyDefinition) {
    return async (job: Job, token: string | undefined, signal: AbortSignal | undefined) => {
      const id = job.id ?? '';
      if (!token || !signal) throw new Error('BullMQ gave no lock token or signal');
      if (await isCancelled(id)) throw new UnrecoverableError(cancelledReason);
      const envelope = envelopeSchema.safeParse(job.data);
      let payload: unknown;
      try {
        if (!envelope.success) {
          throw new InvalidJobPayloadError(definition.kind, 'not a job envelope');
        }
        payload = checkPayload(definition, envelope.data.payload);
      } catch (error) {
        throw new UnrecoverableError(errorMessageOf(error));
      }
      const ownerId = envelope.data?.ownerId ?? null;
      const limit = definition.perOwnerConcurrency;
      const slots =
        ownerId !== null && limit !== undefined ? ownerSlotsKey(job.name, ownerId) : null;
      if (slots) {
        const lockPrefix = `${prefix}:${job.name}:`;
        const taken = await redis.client.eval(
          takeOwnerSlot,
          1,
          slots,
          id,
          String(limit),
          lockPrefix,
          String(Date.now()),
        );
        if (taken !== 1) {
          // Waits without using an attempt, then asks again.
          await job.moveToDelayed(Date.now() + ownerWaitMs + Math.random() * ownerWaitMs, token);
          throw new DelayedError();
        }
      }
      const worker = workers.find((candidate) => candidate.name === job.name);
      const entry: ActiveJob | null = worker ? { job, token, worker, handedBack: false } : null;
      if (entry) active.set(id, entry);
      try {
        await publish({ type: 'state', jobId: id, state: 'running', error: null });
        const output = await definition.run({
          id,
          payload,
          ownerId,
          attempt: job.attemptsMade + 1,
          signal,
          progress: async (percent, stage, steps) => {
            const progress = progressOf(percent, stage, steps);
            await job.updateProgress(progress);
            await publish({ type: 'progress', jobId: id, progress });
          },
        });
        if (signal.aborted) throw new Error('aborted');
        return definition.result.parse(output);
      } catch (error) {
        const reason = abortReasonOf(signal);
        if (entry?.handedBack || reason === 'shutdown') {
          // stop() already gave it back to the queue: BullMQ must not finish it here.
          throw new WaitingError();
        }
        if (reason === 'cancelled') throw new UnrecoverableError(cancelledReason);
        if (failsWithoutRetry(error)) {
          throw new UnrecoverableError(
            encodeFailedReason(errorMessageOf(error), failureDetailOf(error)),
          );
        }
        throw error;
      } finally {
        active.delete(id);
        if (slots) await redis.client.zrem(slots, id).catch(() => undefined);
      }
    };
  }

  function startWorker(definition: AnyDefinition): void {
    const worker = new Worker(definition.kind, processorFor(definition), {
      connection: redis.connect(),
      prefix,
      concurrency: options.concurrency,
      autorun: true,
      ...(options.workerName ? { name: options.workerName } : {}),
      ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
      ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
    });
    worker.on('error', reportError);
    // A lost Redis connection must not become an unhandled rejection: it is reported instead.
    worker.on('completed', (job) => void publishState(job).catch(reportError));
    worker.on('failed', (job) => {
      if (!job) return;
      void (async () => {
        const view = await viewOf(job);
        if (!view) return;
        await publish({ type: 'state', jobId: view.id, state: view.state, error: view.error });
        if (view.state === 'failed') for (const listener of failedListeners) listener(view);
      })().catch(reportError);
    });
    workers.push(worker);
  }

  /** Gives a running job back to the waiting list without using an attempt. */
  async function handBack(entry: ActiveJob): Promise<void> {
    entry.handedBack = true;
    entry.worker.cancelJob(entry.job.id ?? '', 'shutdown');
    try {
      await entry.job.moveToWait(entry.token);
      await publish({ type: 'state', jobId: entry.job.id ?? '', state: 'queued', error: null });
    } catch (error) {
      reportError(error as Error);
    }
  }

  let started = false;
  let stopped = false;

  return {
    backend: 'bullmq',

    define: (definition) => defineKind(definitions, definition),

    async enqueue<Payload, Result>(
      kind: JobKind<Payload, Result>,
      payload: Payload,
      opts?: EnqueueOptions,
    ) {
      const definition = definitions.get(kind.kind) ?? (kind.definition as AnyDefinition);
      const checked = checkPayload(definition, payload);
      const id = jobIdFor(kind.kind, opts?.jobId);
      const envelope: Envelope = { ownerId: opts?.ownerId ?? null, payload: checked };
      // An id that exists already returns the existing job (BullMQ ignores the add).
      const job = await queueFor(kind.kind).add(kind.kind, envelope, {
        ...jobOptions(definition),
        jobId: id,
        ...(opts?.delayMs ? { delay: opts.delayMs } : {}),
      });
      const view = await viewOf(job);
      if (!view) throw new Error(`job ${id} vanished as it was enqueued`);
      await publish({ type: 'state', jobId: id, state: view.state, error: null });
      return view as JobView<Result>;
    },

    async get(id) {
      const found = await findJob(id);
      if (found) return viewOf(found.job, found.state);
      // A queued job that was cancelled was removed; its marker keeps what it was.
      const marker = await redis.client.get(cancelledKey(id));
      if (!marker) return null;
      const stored = JSON.parse(marker) as JobView & { createdAt: string; finishedAt: string };
      return {
        ...stored,
        createdAt: new Date(stored.createdAt),
        finishedAt: new Date(stored.finishedAt),
      };
    },

    async cancel(id) {
      const found = await findJob(id);
      if (!found) return false;
      const { job } = found;
      const view = await viewOf(job, found.state);
      if (!view || (view.state !== 'queued' && view.state !== 'running')) return false;
      const record: JobView = {
        ...view,
        state: 'cancelled',
        error: cancelledReason,
        detail: null,
        finishedAt: new Date(),
      };
      const marked = await redis.client.set(
        cancelledKey(id),
        JSON.stringify(record),
        'PX',
        keepFailedMs,
        'NX',
      );
      if (marked !== 'OK') return false;
      if (view.state === 'queued') {
        try {
          await job.remove();
          await publish({ type: 'state', jobId: id, state: 'cancelled', error: cancelledReason });
          return true;
        } catch {
          // It started meanwhile (it is locked): cancel it as a running job.
        }
      }
      await redis.client.publish(cancelChannel, id);
      return true;
    },

    async subscribe(id, listener) {
      await subscribed;
      let set = listeners.get(id);
      if (!set) {
        set = new Set();
        listeners.set(id, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(id);
      };
    },

    async every(kind, intervalMs) {
      if (intervalMs <= 0) {
        await queueFor(kind.kind).removeJobScheduler(kind.kind);
        return;
      }
      const definition = definitions.get(kind.kind) ?? (kind.definition as AnyDefinition);
      const envelope: Envelope = { ownerId: null, payload: {} };
      await queueFor(kind.kind).upsertJobScheduler(
        kind.kind,
        { every: intervalMs },
        { name: kind.kind, data: envelope, opts: jobOptions(definition) },
      );
    },

    async failed(limit) {
      const kinds = [...new Set([...definitions.keys(), ...queues.keys()])];
      const jobs = (
        await Promise.all(
          kinds.map((kind) => queueFor(kind).getJobs(['failed'], 0, limit - 1, false)),
        )
      ).flat();
      const views = await Promise.all(jobs.map((job) => viewOf(job, 'failed')));
      return views
        .filter((view): view is JobView => view?.state === 'failed')
        .sort((a, b) => (b.finishedAt?.getTime() ?? 0) - (a.finishedAt?.getTime() ?? 0))
        .slice(0, limit);
    },

    async counts() {
      const counts: Record<string, QueueCounts> = {};
      for (const kind of new Set([...definitions.keys(), ...queues.keys()])) {
        const queue = queueFor(kind);
        const [found, schedules] = await Promise.all([
          queue.getJobCounts('wait', 'prioritized', 'delayed', 'active', 'failed', 'completed'),
          queue.getJobSchedulersCount(),
        ]);
        // Each schedule keeps its next run delayed: that is not work waiting.
        const delayed = Math.max(0, (found.delayed ?? 0) - schedules);
        counts[kind] = {
          waiting: (found.wait ?? 0) + (found.prioritized ?? 0) + delayed,
          active: found.active ?? 0,
          failed: found.failed ?? 0,
          completed: found.completed ?? 0,
        };
      }
      return counts;
    },

    onFailed(listener) {
      failedListeners.add(listener);
      return () => failedListeners.delete(listener);
    },

    idle(timeoutMs = Infinity) {
      const busy = async () => {
        for (const kind of definitions.keys()) {
          const queue = queueFor(kind);
          const found = await queue.getJobCounts('wait', 'prioritized', 'active');
          if ((found.wait ?? 0) + (found.prioritized ?? 0) + (found.active ?? 0) > 0) return true;
          // The next run of a schedule (every()) is always delayed: not work in hand.
          const delayed = await queue.getJobs(['delayed']);
          if (delayed.some((job) => !job.id?.startsWith('repeat:'))) return true;
        }
        return false;
      };
      return waitUntilIdle(busy, timeoutMs, 20);
    },

    async start() {
      if (started) return;
      started = true;
      await subscribed;
      if (!options.worker) return;
      for (const definition of definitions.values()) startWorker(definition);
      await Promise.all(workers.map((worker) => worker.waitUntilReady()));
    },

    async stop(graceMs) {
      if (stopped) return;
      stopped = true;
      // Stops fetching at once; resolves when the running jobs have finished.
      const closing = Promise.allSettled(workers.map((worker) => worker.close()));
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace over'>((resolve) => {
        timer = setTimeout(() => resolve('grace over'), graceMs);
      });
      const outcome = await Promise.race([closing, graceOver]);
      clearTimeout(timer);
      if (outcome === 'grace over') {
        await Promise.all([...active.values()].map(handBack));
        // A job that ignores its signal is not waited for any longer: its lock is gone.
        await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 1000))]);
      }
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      subscriber.disconnect();
      commands.disconnect();
    },
  };
}
