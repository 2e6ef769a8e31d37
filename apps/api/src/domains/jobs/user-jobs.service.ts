import type { JobView as PublicJobView } from '@studio/contracts';
import { interruptedJob } from '@studio/contracts/sharedFailures';
import { errorTexts, HttpError, unavailableTexts } from '../../http/errors.ts';
import type {
  JobEvent,
  JobFailureDetail,
  JobKind,
  JobQueue,
  JobView,
} from '../../jobs/job-queue.ts';

/** The stored file a completed job offers for download. */
export interface JobFile {
  key: string;
  /** The name the download suggests (UTF-8; the header carries an ASCII stand-in too). */
  fileName: string;
}

/** How the browser sees one kind of job: its result in public words, and its file if any. */
export interface PublishedKind<Result> {
  /** The result as the page may see it (never a storage key). */
  view(result: Result): unknown;
  /** The file GET /api/jobs/{id}/result sends; omitted for kinds without one. */
  file?(result: Result): JobFile;
  /**
   * The failure messages written for the user, shown as they are; any other (a driver's or a
   * provider's words) is shown as the §8 server error, and stays in the log.
   */
  userErrors?: readonly string[];
  /**
   * What a failed job's detail (its FinalJobError's) shows the page, in the kind's published
   * shape, or null when it has nothing for the page; omitted, the page sees none.
   */
  failureDetail?(detail: JobFailureDetail): unknown;
  /**
   * Called once a cancel of the owner's job went through (queued or running), for what the
   * kind holds until its job ends (an image job's quota units): a job cancelled before it ran
   * never gets to let them go itself.
   */
  cancelled?(jobId: string): Promise<void>;
}

export const jobTexts = {
  notFound: errorTexts[404],
  finished: 'The job has already finished.',
  noResult: 'The job has no file to download yet.',
} as const;

/** Failures every kind may show as they are: an outside system the job needed was down. */
const sharedUserErrors: readonly string[] = Object.values(unavailableTexts);

function failureText(error: string | null, kind: PublishedKind<unknown>): string {
  if (error === null) return errorTexts[500];
  return kind.userErrors?.includes(error) || sharedUserErrors.includes(error)
    ? error
    : errorTexts[500];
}

/** A job has ended when it is in one of these. */
const finalStates = new Set(['completed', 'failed', 'cancelled']);
export const isFinal = (job: Pick<JobView, 'state'>) => finalStates.has(job.state);

/**
 * The jobs a user may see (GET/DELETE /api/jobs/{id} and its events and result). Only kinds a
 * domain has published are visible at all, and only to their owner: any other job, another
 * user's, the product's own (mail, sweeps) or none, answers the same 404, so an id reveals
 * nothing.
 */
/**
 * How often a followed job is read again besides its events: the events travel by pub/sub, which
 * drops what is published while a connection is down, and a job can end without one (BullMQ
 * failing a job whose process died) or vanish (Redis restarted empty).
 */
export const followRecheckMs = 10_000;

export function createUserJobsService({
  queue,
  recheckMs = followRecheckMs,
}: {
  queue: JobQueue;
  recheckMs?: number;
}) {
  const kinds = new Map<string, PublishedKind<unknown>>();

  async function owned(userId: string, jobId: string) {
    const job = await queue.get(jobId);
    const kind = job ? kinds.get(job.kind) : undefined;
    if (!job || !kind || job.ownerId === null || job.ownerId !== userId) {
      throw new HttpError(404, jobTexts.notFound);
    }
    return { job, kind };
  }

  function toView(job: JobView, kind: PublishedKind<unknown>): PublicJobView {
    return {
      id: job.id,
      kind: job.kind,
      state: job.state,
      progress: job.progress,
      error: job.state === 'failed' ? failureText(job.error, kind) : null,
      result: job.state === 'completed' && job.result !== null ? kind.view(job.result) : null,
      detail:
        job.state === 'failed' && job.detail !== null && kind.failureDetail
          ? (kind.failureDetail(job.detail) ?? null)
          : null,
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
    };
  }

  return {
    /** Makes one kind visible to its owners (its domain plugin calls it). */
    publish<Payload, Result>(kind: JobKind<Payload, Result>, how: PublishedKind<Result>): void {
      kinds.set(kind.kind, how as PublishedKind<unknown>);
    },

    /** The browser's view of a job it just enqueued (no ownership question). */
    view(job: JobView): PublicJobView {
      const kind = kinds.get(job.kind);
      if (!kind) throw new Error(`Job kind ${job.kind} is not published`);
      return toView(job, kind);
    },

    async get(userId: string, jobId: string): Promise<PublicJobView> {
      const { job, kind } = await owned(userId, jobId);
      return toView(job, kind);
    },

    /**
     * Cancels the owner's job (409 when it had already ended) and waits a moment for it to stop:
     * a queued job stops at once, a running one at its next check of its signal. `stopped` is
     * false when it was still stopping after `waitMs` (its events will tell the end).
     */
    async cancel(
      userId: string,
      jobId: string,
      waitMs = 5000,
    ): Promise<{ job: PublicJobView; stopped: boolean }> {
      const { job, kind } = await owned(userId, jobId);
      if (isFinal(job)) throw new HttpError(409, jobTexts.finished);
      let settle = () => {};
      const ended = new Promise<void>((resolve) => {
        settle = resolve;
      });
      const unsubscribe = await queue.subscribe(jobId, (event) => {
        if (event.type === 'state' && finalStates.has(event.state)) settle();
      });
      const timer = setTimeout(settle, waitMs);
      try {
        if (!(await queue.cancel(jobId))) throw new HttpError(409, jobTexts.finished);
        await kind.cancelled?.(jobId);
        const now = await owned(userId, jobId);
        if (!isFinal(now.job)) await ended;
      } finally {
        clearTimeout(timer);
        unsubscribe();
      }
      const after = await owned(userId, jobId);
      return { job: toView(after.job, after.kind), stopped: isFinal(after.job) };
    },

    /**
     * Follows the owner's job: `onView` hears the job as it is now, then again at each change of
     * state; `onProgress` each progress. Returns how to stop following. Events are handled one
     * at a time and in order, whichever process runs the job (the queue's subscribe).
     */
    async follow(
      userId: string,
      jobId: string,
      listeners: {
        onView: (job: PublicJobView) => void;
        onProgress: (progress: NonNullable<PublicJobView['progress']>) => void;
        /** The job could no longer be read (removed): nothing more will come. */
        onLost: () => void;
      },
    ): Promise<() => void> {
      await owned(userId, jobId);
      let stopped = false;
      let ended = false;
      let last: PublicJobView | null = null;
      let lastSent = '';
      const handle = async (event: JobEvent | 'now' | 'recheck') => {
        if (stopped || ended) return;
        if (typeof event === 'object' && event.type === 'progress') {
          listeners.onProgress(event.progress);
          return;
        }
        let view: PublicJobView;
        try {
          const { job, kind } = await owned(userId, jobId);
          view = toView(job, kind);
        } catch (error) {
          // Seen unfinished, now unknown: the queue lost it, and nothing will finish it.
          if (!(last && error instanceof HttpError && error.statusCode === 404)) throw error;
          view = interruptedJob(last);
        }
        if (stopped) return;
        ended = isFinal(view);
        last = view;
        // A recheck that finds nothing new says nothing.
        const sent = JSON.stringify(view);
        if (event === 'recheck' && sent === lastSent) return;
        lastSent = sent;
        listeners.onView(view);
      };
      // The job as it is now goes first, read once subscribed so no change between is missed.
      let release = () => {};
      const subscribed = new Promise<void>((resolve) => {
        release = resolve;
      });
      let chain = subscribed.then(() => handle('now')).catch(listeners.onLost);
      const unsubscribe = await queue.subscribe(jobId, (event) => {
        // A job that can no longer be read (removed) ends the following.
        chain = chain.then(() => handle(event)).catch(listeners.onLost);
      });
      release();
      const rechecks = setInterval(() => {
        chain = chain.then(() => handle('recheck')).catch(listeners.onLost);
      }, recheckMs);
      rechecks.unref();
      return () => {
        stopped = true;
        clearInterval(rechecks);
        unsubscribe();
      };
    },

    /**
     * The whole result of the owner's completed job, for its kind's own routes (an image job's
     * files); 404 for anyone else, 409 before it completes.
     */
    async result(userId: string, jobId: string): Promise<unknown> {
      const { job } = await owned(userId, jobId);
      if (job.state !== 'completed' || job.result === null) {
        throw new HttpError(409, jobTexts.noResult);
      }
      return job.result;
    },

    /** The file of the owner's completed job; 404 for anyone else, 409 before it completes. */
    async file(userId: string, jobId: string): Promise<JobFile> {
      const { job, kind } = await owned(userId, jobId);
      if (job.state !== 'completed' || job.result === null || !kind.file) {
        throw new HttpError(409, jobTexts.noResult);
      }
      return kind.file(job.result);
    },
  };
}

export type UserJobsService = ReturnType<typeof createUserJobsService>;
