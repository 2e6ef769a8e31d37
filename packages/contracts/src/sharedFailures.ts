import type { JobView } from './jobs.ts';

/**
 * The API's words for failures any tool may show, beyond §8's table: one source for the API
 * (which sends them) and the SPA (which shows them in the reader's language, common.json's
 * `errors.<key>`). Plain data, no zod.
 */
export const sharedFailureTexts = {
  /** The object store could not be reached (an upload, a job storing what it made). */
  storageUnavailable: 'File storage is unavailable right now. Please try again later.',
  /**
   * A job whose process went away before it ended and that nobody can finish: BullMQ failed it
   * after its stalled checks, or the queue lost it (Redis restarted empty).
   */
  jobInterrupted: 'The server working on this stopped before it finished. Please try again.',
} as const;

/**
 * A job seen unfinished that its queue no longer has (Redis restarted empty, a process's
 * in-process queue gone with it): failed, in jobInterrupted's words. Told by the API to whoever
 * follows it, and by the SPA when a follow it had heard answers 404.
 */
export function interruptedJob<Job extends JobView>(last: Job, now: Date = new Date()): Job {
  return {
    ...last,
    state: 'failed',
    progress: null,
    result: null,
    detail: null,
    error: sharedFailureTexts.jobInterrupted,
    finishedAt: now.toISOString(),
  };
}
