import { visionReadResult, type JobView, type VisionRead } from '@studio/contracts';
import { useCallback, useRef, useState } from 'react';
import { cancelJob } from '../../../lib/api/endpoints/jobs/cancelJob';
import { prefetchJobSchemas } from '../../../lib/api/endpoints/jobs/followJob';
import { HttpFailure } from '../../../lib/api/errorText';
import { useJob } from '../../../lib/stream/useJob';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { ReadJobError, ReadResultError } from '../api/readErrors';
import { startRead, type PictureSource } from '../api/startRead';
import type { LanguageChoice } from '../model/languages';

/** Where a read is: asking for the job, following it, then its end. */
export type ReadStatus = 'starting' | 'following' | 'completed' | 'failed' | 'cancelled';

export interface ReadRun {
  status: ReadStatus;
  jobId: string | null;
  read: VisionRead | null;
  /** What broke: the call (a refusal), the connection, the job's own words (ReadJobError). */
  error: unknown;
}

export interface Reading {
  run: ReadRun | null;
  /** The job as its events last told it, while it runs. */
  job: JobView | null;
  busy: boolean;
  read: (picture: PictureSource, languages: LanguageChoice) => Promise<ReadRun | null>;
  /** Cancels the job under way (DELETE /api/jobs/{id}); its events end it as cancelled. */
  cancel: () => Promise<void>;
  /** Forgets the last run (a new picture was chosen). */
  reset: () => void;
}

/**
 * The vision page's reading: a `vision.read` job (POST /api/vision/reads) followed over the
 * shared job stream until it ends, with the read as its result.
 */
export function useRead({ onSettled }: { onSettled?: () => void } = {}): Reading {
  const followed = useJob({ headers: visitorHeaders });
  const [run, setRun] = useState<ReadRun | null>(null);
  const runRef = useRef<ReadRun | null>(null);

  const update = useCallback((change: Partial<ReadRun>) => {
    if (!runRef.current) return;
    runRef.current = { ...runRef.current, ...change };
    setRun(runRef.current);
  }, []);

  const read = useCallback<Reading['read']>(
    async (picture, languages) => {
      const current = runRef.current;
      if (current && (current.status === 'starting' || current.status === 'following')) {
        return null;
      }
      runRef.current = { status: 'starting', jobId: null, read: null, error: null };
      setRun(runRef.current);
      prefetchJobSchemas();
      try {
        const started = await startRead(picture, languages);
        update({ status: 'following', jobId: started.id });
        const { job, error } = await followed.follow(started.id);
        if (!job || job.state === 'queued' || job.state === 'running') {
          update({ status: 'failed', error });
        } else if (job.state === 'cancelled') {
          update({ status: 'cancelled' });
        } else if (job.state === 'failed') {
          update({ status: 'failed', error: new ReadJobError(job.error ?? '') });
        } else {
          const parsed = visionReadResult.safeParse(job.result);
          update(
            parsed.success
              ? { status: 'completed', read: parsed.data.read }
              : { status: 'failed', error: new ReadResultError(parsed.error.message) },
          );
        }
      } catch (error) {
        update({ status: 'failed', error });
      }
      onSettled?.();
      return runRef.current;
    },
    [followed, onSettled, update],
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

  const reset = useCallback(() => {
    const current = runRef.current;
    if (current && (current.status === 'starting' || current.status === 'following')) return;
    runRef.current = null;
    setRun(null);
  }, []);

  const busy = run?.status === 'starting' || run?.status === 'following';
  return { run, job: busy ? followed.job : null, busy, read, cancel, reset };
}
