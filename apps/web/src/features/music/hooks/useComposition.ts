import {
  musicComposeResult,
  type JobView,
  type MusicComposeInput,
  type MusicPiece,
} from '@studio/contracts';
import { useCallback, useRef, useState } from 'react';
import { cancelJob } from '../../../lib/api/endpoints/jobs/cancelJob';
import { prefetchJobSchemas } from '../../../lib/api/endpoints/jobs/followJob';
import { HttpFailure } from '../../../lib/api/errorText';
import { useJob } from '../../../lib/stream/useJob';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { CompositionResultError, jobFailure } from '../api/compositionErrors';
import { startComposition } from '../api/startComposition';

/** Where a composition is: asking for the job, following it, then its end. */
export type CompositionStatus = 'starting' | 'following' | 'completed' | 'failed' | 'cancelled';

export interface CompositionRun {
  status: CompositionStatus;
  jobId: string | null;
  /** What was asked (to ask again, or to name what a failure was about). */
  request: MusicComposeInput;
  /** The piece made; null until it completes. */
  piece: MusicPiece | null;
  /** What broke: the call, the connection, the job's own words (CompositionJobError). */
  error: unknown;
}

export interface Composition {
  run: CompositionRun | null;
  /** The job as its events last told it (stage, percent), while it runs. */
  job: JobView | null;
  busy: boolean;
  /** Starts a composition unless one is under way. */
  compose: (request: MusicComposeInput) => Promise<CompositionRun | null>;
  /** Cancels the job under way (DELETE /api/jobs/{id}); its events end it as cancelled. */
  cancel: () => Promise<void>;
}

export interface CompositionOptions {
  /** A piece is made (the page keeps it: a visitor's files in this browser). */
  onPiece?: (piece: MusicPiece) => Promise<void> | void;
  /** A run ended, however (what is left today is read again). */
  onSettled?: () => void;
}

/**
 * The music page's composition: a job (POST /api/music/pieces) followed over the shared job
 * stream until it ends. A failure keeps the run with its words; the form is the page's.
 */
export function useComposition({ onPiece, onSettled }: CompositionOptions = {}): Composition {
  const followed = useJob({ headers: visitorHeaders });
  const [run, setRun] = useState<CompositionRun | null>(null);
  const runRef = useRef<CompositionRun | null>(null);

  const update = useCallback((change: Partial<CompositionRun>) => {
    if (!runRef.current) return;
    runRef.current = { ...runRef.current, ...change };
    setRun(runRef.current);
  }, []);

  const compose = useCallback<Composition['compose']>(
    async (request) => {
      const current = runRef.current;
      if (current && (current.status === 'starting' || current.status === 'following')) {
        return null;
      }
      runRef.current = { status: 'starting', jobId: null, request, piece: null, error: null };
      setRun(runRef.current);
      prefetchJobSchemas();
      try {
        const started = await startComposition(request);
        update({ status: 'following', jobId: started.id });
        const { job, error } = await followed.follow(started.id);
        if (!job || job.state === 'queued' || job.state === 'running') {
          update({ status: 'failed', error });
        } else if (job.state === 'cancelled') {
          update({ status: 'cancelled' });
        } else if (job.state === 'failed') {
          update({ status: 'failed', error: jobFailure(job) });
        } else {
          const parsed = musicComposeResult.safeParse(job.result);
          if (parsed.success) {
            update({ status: 'completed', piece: parsed.data.piece });
            await onPiece?.(parsed.data.piece);
          } else {
            update({ status: 'failed', error: new CompositionResultError(parsed.error.message) });
          }
        }
      } catch (error) {
        update({ status: 'failed', error });
      }
      onSettled?.();
      return runRef.current;
    },
    [followed, onPiece, onSettled, update],
  );

  const cancel = useCallback(async () => {
    const jobId = runRef.current?.jobId;
    if (!jobId) return;
    try {
      await cancelJob(jobId, visitorHeaders());
    } catch (error) {
      // 409: it had finished meanwhile, and its events say how. Anything else is shown.
      if (!(error instanceof HttpFailure && error.response?.status === 409)) update({ error });
    }
  }, [update]);

  const busy = run?.status === 'starting' || run?.status === 'following';
  return { run, job: busy ? followed.job : null, busy, compose, cancel };
}
