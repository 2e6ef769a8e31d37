import { EventEmitter } from 'node:events';
import type {
  EnqueueOptions,
  JobEvent,
  JobFailureDetail,
  JobKind,
  JobProgress,
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
  defineKind,
  errorMessageOf,
  failsWithoutRetry,
  failureDetailOf,
  jobIdFor,
  keepFailedMs,
  progressOf,
  retryDelayMs,
  waitUntilIdle,
} from './job-rules.ts';

/**
 * The embedded job queue: jobs live in this process's memory and run here. It is for one
 * process: a second process has its own queue and sees none of these jobs (set REDIS_URL for
 * that), and jobs still queued when the process ends are lost. Two runners may share one store
 * (the contract suite does, as two processes share Redis): a job is claimed synchronously, so
 * it runs once, and cancellation and progress go through the store's emitter.
 */

interface StoredJob {
  id: string;
  kind: string;
  ownerId: string | null;
  /** A JSON copy: what a job sees is what Redis would have given back. */
  payload: unknown;
  state: JobState;
  progress: JobProgress | null;
  attempts: number;
  result: unknown;
  error: string | null;
  /** A JSON copy, as Redis would give it back. */
  detail: JobFailureDetail | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** When a queued job may run (a delay, or a retry's back-off). */
  availableAt: number;
  /** The run that holds it; a run whose token no longer matches lost the job (handed back). */
  runToken: symbol | null;
  keepUntil: number | null;
}

/** Where queued jobs live; one per process, or shared by the contract suite's two runners. */
export interface InProcessJobStore {
  readonly jobs: Map<string, StoredJob>;
  /** `job` (a JobEvent), `work` (something may be runnable), `cancel` (a job id). */
  readonly events: EventEmitter;
}

export function createInProcessJobStore(): InProcessJobStore {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return { jobs: new Map(), events };
}

export interface InProcessQueueOptions {
  store?: InProcessJobStore;
  /** Jobs of one kind run at once. */
  concurrency: number;
  /** False: enqueues and follows jobs but runs none. */
  worker: boolean;
  now?: () => number;
}

interface Running {
  job: StoredJob;
  controller: AbortController;
  done: Promise<void>;
}

function viewOf(job: StoredJob): JobView {
  return {
    id: job.id,
    kind: job.kind,
    ownerId: job.ownerId,
    state: job.state,
    progress: job.progress,
    attempts: job.attempts,
    result: job.result ?? null,
    error: job.error,
    detail: job.detail,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

export function createInProcessQueue(options: InProcessQueueOptions): JobQueue {
  const store = options.store ?? createInProcessJobStore();
  const now = options.now ?? Date.now;
  const definitions = new Map<string, AnyDefinition>();
  const running = new Map<string, Running>();
  const failedListeners = new Set<(job: JobView) => void>();
  const schedules: { kind: string; intervalMs: number }[] = [];
  const scheduleTimers: NodeJS.Timeout[] = [];
  let wakeTimer: NodeJS.Timeout | null = null;
  let started = false;
  let stopping = false;

  const emit = (event: JobEvent) => store.events.emit('job', event);
  const emitState = (job: StoredJob) =>
    emit({ type: 'state', jobId: job.id, state: job.state, error: job.error });

  function prune(): void {
    const time = now();
    for (const [id, job] of store.jobs) {
      if (job.keepUntil !== null && job.keepUntil <= time) store.jobs.delete(id);
    }
  }

  function finish(job: StoredJob, state: 'completed' | 'failed' | 'cancelled'): void {
    const definition = definitions.get(job.kind);
    job.state = state;
    job.runToken = null;
    job.finishedAt = new Date(now());
    const keep =
      state === 'completed'
        ? (definition?.keepCompletedMs ?? defaultKeepCompletedMs)
        : keepFailedMs;
    job.keepUntil = job.finishedAt.getTime() + keep;
    emitState(job);
    if (state === 'failed') for (const listener of failedListeners) listener(viewOf(job));
  }

  function ownerHasSlot(job: StoredJob, definition: AnyDefinition): boolean {
    const limit = definition.perOwnerConcurrency;
    if (limit === undefined || job.ownerId === null) return true;
    let busy = 0;
    for (const other of store.jobs.values()) {
      if (other.state === 'running' && other.kind === job.kind && other.ownerId === job.ownerId) {
        busy += 1;
      }
    }
    return busy < limit;
  }

  function runningOfKind(kind: string): number {
    let count = 0;
    for (const entry of running.values()) if (entry.job.kind === kind) count += 1;
    return count;
  }

  /** Starts what may run now, and sets a timer for the earliest job that is not yet due. */
  function pump(): void {
    if (!started || stopping || !options.worker) return;
    prune();
    const time = now();
    let nextDue = Infinity;
    for (const job of store.jobs.values()) {
      if (job.state !== 'queued') continue;
      const definition = definitions.get(job.kind);
      if (!definition || runningOfKind(job.kind) >= options.concurrency) continue;
      if (job.availableAt > time) {
        nextDue = Math.min(nextDue, job.availableAt);
        continue;
      }
      if (!ownerHasSlot(job, definition)) continue;
      run(job, definition);
    }
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = null;
    if (nextDue < Infinity) {
      wakeTimer = setTimeout(pump, Math.max(0, nextDue - time));
      wakeTimer.unref();
    }
  }

  function run(job: StoredJob, definition: AnyDefinition): void {
    const token = Symbol(job.id);
    const controller = new AbortController();
    job.state = 'running';
    job.runToken = token;
    job.attempts += 1;
    emitState(job);
    const holds = () => job.runToken === token;

    const done = (async () => {
      try {
        // A payload is checked again before it runs, as the Redis backend must.
        const payload = checkPayload(definition, job.payload);
        const output = await definition.run({
          id: job.id,
          payload,
          ownerId: job.ownerId,
          attempt: job.attempts,
          signal: controller.signal,
          progress: async (percent, stage, steps) => {
            if (!holds()) return;
            job.progress = progressOf(percent, stage, steps);
            emit({ type: 'progress', jobId: job.id, progress: job.progress });
          },
        });
        if (!holds()) return;
        if (controller.signal.aborted) throw new Error('aborted');
        job.result = definition.result.parse(output);
        job.error = null;
        finish(job, 'completed');
      } catch (error) {
        if (!holds()) return;
        settleFailure(job, definition, controller.signal, error);
      }
    })().finally(() => {
      running.delete(job.id);
      pump();
    });
    running.set(job.id, { job, controller, done });
  }

  function settleFailure(
    job: StoredJob,
    definition: AnyDefinition,
    signal: AbortSignal,
    error: unknown,
  ): void {
    if (abortReasonOf(signal) === 'cancelled') {
      job.error = 'cancelled';
      finish(job, 'cancelled');
      return;
    }
    job.error = errorMessageOf(error);
    const detail = failureDetailOf(error);
    job.detail = detail ? (JSON.parse(JSON.stringify(detail)) as JobFailureDetail) : null;
    const attempts = definition.attempts ?? defaultAttempts;
    if (failsWithoutRetry(error) || job.attempts >= attempts) {
      finish(job, 'failed');
      return;
    }
    job.state = 'queued';
    job.runToken = null;
    job.availableAt = now() + retryDelayMs(definition.backoffMs ?? defaultBackoffMs, job.attempts);
    emitState(job);
    store.events.emit('work');
  }

  /** Gives a running job back to the queue without burning its attempt. */
  function handBack(entry: Running): void {
    const { job } = entry;
    if (job.state !== 'running') return;
    job.state = 'queued';
    job.runToken = null;
    job.attempts = Math.max(0, job.attempts - 1);
    job.availableAt = now();
    entry.controller.abort('shutdown');
    emitState(job);
    store.events.emit('work');
  }

  const onWork = () => pump();
  const onCancel = (id: string) => running.get(id)?.controller.abort('cancelled');

  async function enqueue(kind: JobKind<unknown, unknown>, payload: unknown, opts?: EnqueueOptions) {
    const definition = definitions.get(kind.kind) ?? (kind.definition as AnyDefinition);
    const checked = checkPayload(definition, payload);
    const id = jobIdFor(kind.kind, opts?.jobId);
    const existing = store.jobs.get(id);
    if (existing) return viewOf(existing);
    const time = now();
    const job: StoredJob = {
      id,
      kind: kind.kind,
      ownerId: opts?.ownerId ?? null,
      payload: JSON.parse(JSON.stringify(checked ?? null)) as unknown,
      state: 'queued',
      progress: null,
      attempts: 0,
      result: null,
      error: null,
      detail: null,
      createdAt: new Date(time),
      finishedAt: null,
      availableAt: time + (opts?.delayMs ?? 0),
      runToken: null,
      keepUntil: null,
    };
    store.jobs.set(id, job);
    emitState(job);
    store.events.emit('work');
    return viewOf(job);
  }

  function startSchedule(kind: string, intervalMs: number): void {
    const timer = setInterval(() => {
      const definition = definitions.get(kind);
      if (!definition) return;
      // One id per interval: runners sharing a store enqueue it once.
      const slot = Math.floor(now() / intervalMs);
      void enqueue({ kind, definition }, {}, { jobId: `every-${slot}` }).catch(() => undefined);
    }, intervalMs);
    timer.unref();
    scheduleTimers.push(timer);
  }

  return {
    backend: 'in-process',

    define: (definition) => defineKind(definitions, definition),

    enqueue: enqueue as JobQueue['enqueue'],

    async get(id) {
      prune();
      const job = store.jobs.get(id);
      return job ? viewOf(job) : null;
    },

    async cancel(id) {
      const job = store.jobs.get(id);
      if (!job) return false;
      if (job.state === 'queued') {
        job.error = 'cancelled';
        finish(job, 'cancelled');
        return true;
      }
      if (job.state === 'running') {
        store.events.emit('cancel', id);
        return true;
      }
      return false;
    },

    async subscribe(id, listener) {
      const onJob = (event: JobEvent) => {
        if (event.jobId === id) listener(event);
      };
      store.events.on('job', onJob);
      return () => store.events.off('job', onJob);
    },

    async every(kind, intervalMs) {
      if (intervalMs <= 0) return;
      schedules.push({ kind: kind.kind, intervalMs });
      if (started && options.worker) startSchedule(kind.kind, intervalMs);
    },

    async failed(limit) {
      prune();
      return [...store.jobs.values()]
        .filter((job) => job.state === 'failed')
        .sort((a, b) => (b.finishedAt?.getTime() ?? 0) - (a.finishedAt?.getTime() ?? 0))
        .slice(0, limit)
        .map(viewOf);
    },

    async counts() {
      prune();
      const counts: Record<string, QueueCounts> = {};
      const countsOf = (kind: string) =>
        (counts[kind] ??= { waiting: 0, active: 0, failed: 0, completed: 0 });
      for (const kind of definitions.keys()) countsOf(kind);
      for (const job of store.jobs.values()) {
        const entry = countsOf(job.kind);
        if (job.state === 'queued') entry.waiting += 1;
        else if (job.state === 'running') entry.active += 1;
        else if (job.state === 'failed') entry.failed += 1;
        else if (job.state === 'completed') entry.completed += 1;
      }
      return counts;
    },

    onFailed(listener) {
      failedListeners.add(listener);
      return () => failedListeners.delete(listener);
    },

    idle: (timeoutMs = Infinity) =>
      waitUntilIdle(
        () =>
          [...store.jobs.values()].some((job) => job.state === 'queued' || job.state === 'running'),
        timeoutMs,
        10,
      ),

    async start() {
      if (started) return;
      started = true;
      stopping = false;
      store.events.on('work', onWork);
      store.events.on('cancel', onCancel);
      if (options.worker) {
        for (const schedule of schedules) startSchedule(schedule.kind, schedule.intervalMs);
      }
      pump();
    },

    async stop(graceMs) {
      if (!started || stopping) return;
      stopping = true;
      store.events.off('work', onWork);
      store.events.off('cancel', onCancel);
      for (const timer of scheduleTimers.splice(0)) clearInterval(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      wakeTimer = null;
      const all = [...running.values()];
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.allSettled(all.map((entry) => entry.done)), graceOver]);
      clearTimeout(timer);
      // What is still running goes back to the queue for another runner (or the next start).
      for (const entry of running.values()) handBack(entry);
      running.clear();
      started = false;
    },
  };
}
