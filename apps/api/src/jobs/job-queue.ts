import type { z } from 'zod';

/**
 * The one job queue's interface. Every slow or background piece of work (mail, payment
 * reconciliation, sweeps, exports, and the studio tools' generations) is a job of a defined kind.
 * Two backends implement it: BullMQ on Redis when REDIS_URL is set (several processes share one
 * queue), and an in-process runner otherwise (the embedded default). The same contract suite
 * runs against both.
 */

export type JobState = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface JobProgress {
  /** 0 to 100. */
  percent: number;
  /** A short machine name of the step (`reading`, `writing`), which the browser translates. */
  stage: string;
  /**
   * Work counted in pieces, when it is (sentences spoken): how many are done of how many, so a
   * follower can use each piece as it arrives (a voice job's parts play before the last).
   */
  steps?: JobSteps;
}

export interface JobSteps {
  done: number;
  total: number;
}

/** What anyone may know of a job (routes check `ownerId` before showing it). */
export interface JobView<Result = unknown> {
  id: string;
  kind: string;
  /** The user the job works for; null for the product's own work (sweeps, reconciliation). */
  ownerId: string | null;
  state: JobState;
  progress: JobProgress | null;
  /** Attempts started so far. */
  attempts: number;
  result: Result | null;
  /** The last attempt's error message (failed jobs). */
  error: string | null;
  /**
   * What a job that failed for good says beyond its words, from its FinalJobError (a provider's
   * refusal and the prompt it suggests instead); null otherwise.
   */
  detail: JobFailureDetail | null;
  createdAt: Date;
  finishedAt: Date | null;
}

/** A failed job's details: plain JSON, kept with it on both backends. */
export type JobFailureDetail = Record<string, unknown>;

/** What a follower of one job hears, from whichever process runs it. */
export type JobEvent =
  | { type: 'progress'; jobId: string; progress: JobProgress }
  | { type: 'state'; jobId: string; state: JobState; error?: string | null };

export interface JobContext<Payload> {
  id: string;
  payload: Payload;
  ownerId: string | null;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Aborted when the job is cancelled or the process shuts down: stop and throw. */
  signal: AbortSignal;
  progress(percent: number, stage: string, steps?: JobSteps): Promise<void>;
}

export interface JobDefinition<Payload, Result> {
  /** Unique, dotted: `mail.send`, `payments.reconcile`, `uploads.sweep`, `chat.export`. */
  kind: string;
  /** Checked on enqueue and again before running (a payload from Redis is untrusted input). */
  payload: z.ZodType<Payload>;
  result: z.ZodType<Result>;
  run(context: JobContext<Payload>): Promise<Result>;
  /** Attempts in all before the job ends in the failed set (default 3). */
  attempts?: number;
  /** Delay before the first retry; each next one doubles it (default 1000 ms). */
  backoffMs?: number;
  /** At most this many of one owner's jobs of this kind run at once; the rest wait. */
  perOwnerConcurrency?: number;
  /**
   * How long a completed job (and its result) stays readable (default a day). Short for kinds
   * whose payload holds a secret, such as a mail with a one-time code.
   */
  keepCompletedMs?: number;
}

/** The handle `define` returns: enqueue with a typed payload. */
export interface JobKind<Payload, Result> {
  readonly kind: string;
  readonly definition: JobDefinition<Payload, Result>;
}

export interface EnqueueOptions {
  ownerId?: string | null;
  /** A stable id makes enqueueing idempotent: a second enqueue with it returns the first job. */
  jobId?: string;
  delayMs?: number;
}

export interface QueueCounts {
  waiting: number;
  active: number;
  failed: number;
  completed: number;
}

export interface JobQueue {
  readonly backend: 'in-process' | 'bullmq';
  /** Before start(): declares a kind and what runs it. */
  define<Payload, Result>(definition: JobDefinition<Payload, Result>): JobKind<Payload, Result>;
  enqueue<Payload, Result>(
    kind: JobKind<Payload, Result>,
    payload: Payload,
    options?: EnqueueOptions,
  ): Promise<JobView<Result>>;
  get(id: string): Promise<JobView | null>;
  /** Stops a queued or running job; false when it had already ended or does not exist. */
  cancel(id: string): Promise<boolean>;
  /** Follows one job; the returned function stops following. */
  subscribe(id: string, listener: (event: JobEvent) => void): Promise<() => void>;
  /**
   * Runs a kind (with an empty payload) every `intervalMs`, once per interval across processes;
   * 0 removes its schedule.
   */
  every(kind: JobKind<Record<string, never>, unknown>, intervalMs: number): Promise<void>;
  /** The failed set, newest first (the development view lists it). */
  failed(limit: number): Promise<JobView[]>;
  /** Per kind, for /metrics. */
  counts(): Promise<Record<string, QueueCounts>>;
  /** Hears every job that ends in the failed set (the metrics count them); returns an unsubscribe. */
  onFailed(listener: (job: JobView) => void): () => void;
  /**
   * Resolves true once no job is queued, delayed or running (tests and the development mailbox
   * wait for mail with it), or false when `timeoutMs` passes first.
   */
  idle(timeoutMs?: number): Promise<boolean>;
  /** Starts taking work (the app calls it when ready). */
  start(): Promise<void>;
  /** Stops taking work, waits up to `graceMs` for running jobs, then hands the rest back. */
  stop(graceMs: number): Promise<void>;
}
