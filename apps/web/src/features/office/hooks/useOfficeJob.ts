import {
  officeJobResult,
  type JobView,
  type OfficeDocument,
  type OfficeJob,
} from '@studio/contracts';
import { useCallback, useRef, useState } from 'react';
import { cancelJob } from '../../../lib/api/endpoints/jobs/cancelJob';
import { prefetchJobSchemas } from '../../../lib/api/endpoints/jobs/followJob';
import { HttpFailure } from '../../../lib/api/errorText';
import { useJob } from '../../../lib/stream/useJob';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { OfficeJobError } from '../api/errors';
import { refusalOfDetail } from '../model/refusals';

/** Where a job is: asking for it (an upload's bytes leaving), following it, then its end. */
export type OfficeJobStatus = 'starting' | 'following' | 'completed' | 'failed' | 'cancelled';

export interface OfficeJobRun {
  status: OfficeJobStatus;
  jobId: string | null;
  /** The document read or made; null until it completes. */
  document: OfficeDocument | null;
  /** What broke: the call (HttpFailure, a 429's quota body), the connection, OfficeJobError. */
  error: unknown;
}

export interface OfficeJobControls {
  run: OfficeJobRun | null;
  /** The job as its events last told it (stage, percent, pages done of total), while it runs. */
  job: JobView | null;
  busy: boolean;
  /** Starts a job unless one is under way; resolves with how it ended. */
  start: (request: (signal: AbortSignal) => Promise<OfficeJob>) => Promise<OfficeJobRun | null>;
  /** Cancels it: an upload under way is aborted, a job is cancelled (DELETE /api/jobs/{id}). */
  cancel: () => Promise<void>;
  /** Forgets the last run (a new file chosen). */
  reset: () => void;
}

/**
 * One office job at a time (a read, a conversion, a translation, a generation): started by its
 * POST, followed over the shared job stream until it ends. A refused file fails with its refusal
 * (OfficeJobError); every run ends with `onSettled` (the pages left today are read again).
 */
export function useOfficeJob({
  onDocument,
  onSettled,
}: {
  onDocument?: (document: OfficeDocument) => void;
  onSettled?: () => void;
} = {}): OfficeJobControls {
  const followed = useJob({ headers: visitorHeaders });
  const [run, setRun] = useState<OfficeJobRun | null>(null);
  const runRef = useRef<OfficeJobRun | null>(null);
  const upload = useRef<AbortController | null>(null);

  const update = useCallback((change: Partial<OfficeJobRun>) => {
    if (!runRef.current) return;
    runRef.current = { ...runRef.current, ...change };
    setRun(runRef.current);
  }, []);

  const start = useCallback<OfficeJobControls['start']>(
    async (request) => {
      const current = runRef.current;
      if (current && (current.status === 'starting' || current.status === 'following')) {
        return null;
      }
      runRef.current = { status: 'starting', jobId: null, document: null, error: null };
      setRun(runRef.current);
      prefetchJobSchemas();
      const controller = new AbortController();
      upload.current = controller;
      try {
        const started = await request(controller.signal);
        upload.current = null;
        update({ status: 'following', jobId: started.id });
        const { job, error } = await followed.follow(started.id);
        if (!job || job.state === 'queued' || job.state === 'running') {
          update({ status: 'failed', error });
        } else if (job.state === 'cancelled') {
          update({ status: 'cancelled' });
        } else if (job.state === 'failed') {
          const refusal = refusalOfDetail(job.detail);
          update({ status: 'failed', error: new OfficeJobError(job.error ?? '', refusal) });
        } else {
          const parsed = officeJobResult.safeParse(job.result);
          if (parsed.success) {
            update({ status: 'completed', document: parsed.data.document });
            onDocument?.(parsed.data.document);
          } else {
            update({ status: 'failed', error: new OfficeJobError(parsed.error.message, null) });
          }
        }
      } catch (error) {
        upload.current = null;
        update(controller.signal.aborted ? { status: 'cancelled' } : { status: 'failed', error });
      }
      onSettled?.();
      return runRef.current;
    },
    [followed, onDocument, onSettled, update],
  );

  const cancel = useCallback(async () => {
    if (upload.current) {
      upload.current.abort();
      return;
    }
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
  return { run, job: busy ? followed.job : null, busy, start, cancel, reset };
}
