import type { JobStreamEvent, JobView } from '@studio/contracts';
import { followJobToItsEnd, isFinished } from './followJobToItsEnd';
import { useEventStream, type EventStreamSource, type StreamStatus } from './useEventStream';

function reduceJob(job: JobView | null, event: JobStreamEvent): JobView | null {
  if (event.type === 'state') return event.data;
  return job && !isFinished(job) ? { ...job, progress: event.data } : job;
}

/** The job events of one job; `headers` (read at each start) are the caller's own. */
function jobSource(
  headers?: () => Record<string, string>,
): EventStreamSource<string, JobStreamEvent, JobView | null> {
  return {
    open: (jobId, signal) => followJobToItsEnd(jobId, signal, headers?.()),
    initial: null,
    reduce: reduceJob,
    // The stream's last word is the job's final state; a stream that ends before it failed.
    ending: (job) => (job && isFinished(job) ? { failed: false } : null),
  };
}

export interface FollowedJob {
  /** The job as its events last told it; null before the first. */
  job: JobView | null;
  /** `streaming` while following, `done` once the job has ended, `failed` if following broke. */
  status: StreamStatus;
  /** Why following failed (the job itself may still be running: follow again). */
  error: unknown;
  /**
   * Follows a job (GET /api/jobs/{id}/events) until it ends; resolves with the job as last told
   * and, when following broke before its end, why.
   */
  follow: (jobId: string) => Promise<{ job: JobView | null; error: unknown }>;
  /** Stops following (the job goes on). */
  stop: () => void;
}

export interface UseJobOptions {
  /**
   * Headers of the caller's own for each follow, read when it starts: a visitor's key for the
   * image tools' jobs, which are theirs without a session.
   */
  headers?: () => Record<string, string>;
}

/**
 * Follows one background job of any studio tool: its state, progress ({percent, stage}), error
 * and result, over server-sent events from whichever server process runs it, followed again when
 * the connection breaks (followJobToItsEnd). Leaving (unmounting) stops following, never the job;
 * cancelling is DELETE /api/jobs/{id} (cancelJob).
 */
export function useJob({ headers }: UseJobOptions = {}): FollowedJob {
  // A new source each render is fine: useEventStream reads it at each start.
  const stream = useEventStream(jobSource(headers));
  return {
    job: stream.result,
    status: stream.status,
    error: stream.error,
    follow: async (jobId) => {
      const outcome = await stream.start(jobId);
      if (outcome.status === 'busy') return { job: null, error: null };
      return {
        job: outcome.result,
        error: outcome.status === 'failed' ? outcome.error : null,
      };
    },
    stop: stream.stop,
  };
}
