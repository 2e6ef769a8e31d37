import type { JobStreamEvent, JobView } from '@studio/contracts';
import { interruptedJob } from '@studio/contracts/sharedFailures';
import { followJob } from '../api/endpoints/jobs/followJob';
import { isHttpFailure } from '../api/errorText';
import { pause } from './pause';

/** The states a job never leaves (kept here: the contracts' runtime would bring zod along). */
const finalStates: ReadonlySet<JobView['state']> = new Set(['completed', 'failed', 'cancelled']);
export const isFinished = (job: Pick<JobView, 'state'>) => finalStates.has(job.state);

/**
 * How long a job's follower whose connection broke waits before each new try: the job goes on
 * meanwhile on whichever process runs it, and an instance going away or a network coming back
 * gets about a quarter of a minute. Each try that hears the job starts the count again.
 */
export const REFOLLOW_DELAYS_MS = [500, 1000, 2000, 4000, 8000] as const;

const isGone = (error: unknown) => isHttpFailure(error) && error.response?.status === 404;

/** A refusal that asking again will not change (the job is not, or no longer, the caller's). */
const isFinal = (error: unknown) =>
  isHttpFailure(error) &&
  error.response !== undefined &&
  error.response.status < 500 &&
  error.response.status !== 429;

/**
 * A job's events to its end through every break of the connection (GET /api/jobs/{id}/events):
 * each time the stream ends before the job's final state (an instance killed, a lost network, a
 * stream gone silent), it follows again on whichever instance answers. Each new follow starts
 * with the job as it is now, so nothing that happened meanwhile is missed. Gives up once
 * REFOLLOW_DELAYS_MS are spent without hearing the job (the stream ends without its last word, or
 * with the failure), or at once on a 4xx. A job heard unfinished and then gone (404) ends failed,
 * in the API's words for it (interruptedJob).
 */
export async function* followJobToItsEnd(
  jobId: string,
  signal: AbortSignal,
  headers: Record<string, string> = {},
  follow: typeof followJob = followJob,
): AsyncGenerator<JobStreamEvent> {
  let tries = 0;
  let heard: JobView | null = null;
  for (;;) {
    let failure: unknown = null;
    try {
      for await (const event of follow(jobId, signal, undefined, headers)) {
        tries = 0;
        if (event.type === 'state') heard = event.data;
        yield event;
        if (event.type === 'state' && isFinished(event.data)) return;
      }
    } catch (error) {
      if (heard && !signal.aborted && isGone(error)) {
        yield { type: 'state', data: interruptedJob(heard) };
        return;
      }
      if (signal.aborted || isFinal(error)) throw error;
      failure = error;
    }
    if (signal.aborted) return;
    const delay = REFOLLOW_DELAYS_MS[tries];
    if (delay === undefined) {
      if (failure !== null) throw failure;
      return;
    }
    tries += 1;
    await pause(delay, signal);
  }
}
