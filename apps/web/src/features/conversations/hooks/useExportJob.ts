import type { ExportFormat, JobView } from '@studio/contracts';
import { useCallback, useRef, useState } from 'react';
import { HttpFailure } from '../../../lib/api/errorText';
import { cancelJob } from '../../../lib/api/endpoints/jobs/cancelJob';
import { downloadJobResult, saveFile } from '../../../lib/api/endpoints/jobs/downloadJobResult';
import { prefetchJobSchemas } from '../../../lib/api/endpoints/jobs/followJob';
import { useJob } from '../../../lib/stream/useJob';
import { fallbackExportName } from '../api/exportFileName';
import { startExport } from '../api/startExport';

/** Where an export is: asking for the job, following it, fetching its file, then its end. */
export type ExportStep =
  'starting' | 'following' | 'downloading' | 'saved' | 'failed' | 'cancelled';

export interface ExportTask {
  conversationId: string;
  title: string;
  format: ExportFormat;
  step: ExportStep;
  /** The job once the server has queued it. */
  jobId: string | null;
  /** What broke (a call, the connection, or the job's own error message); null unless failed. */
  error: unknown;
  /** The saved file's name, once saved. */
  fileName: string | null;
}

export interface ExportJob {
  task: ExportTask | null;
  /** The job as its events tell it (state, progress), while there is one. */
  job: JobView | null;
  /** Starts an export, unless one is under way (then resolves false); resolves when it ends. */
  start: (conversation: { id: string; title: string }, format: ExportFormat) => Promise<boolean>;
  /** Cancels the job (DELETE /api/jobs/{id}); the events end it as cancelled. */
  cancel: () => Promise<void>;
  /**
   * After a failure: starts again, or picks up where it broke (following, downloading); after a
   * cancel, starts again.
   */
  retry: () => Promise<void>;
  /** Saves the finished file again. */
  saveAgain: () => Promise<void>;
  /** Forgets an export that has ended. */
  clear: () => void;
  /** The export now, for callbacks that run between renders. */
  current: () => ExportTask | null;
  busy: boolean;
}

const busySteps: ReadonlySet<ExportStep> = new Set(['starting', 'following', 'downloading']);

/** The job's own failure, as an Error whose message is the server's words. */
export class ExportJobError extends Error {
  override readonly name = 'ExportJobError';
}

/**
 * A conversation's export as a background job (POST /api/chat/export/{id}/jobs): started from
 * the menu, followed over server-sent events with its progress, cancellable, and saved as a file
 * once completed. Every step that breaks can be retried from where it broke, so a dropped
 * connection never loses a finished export.
 */
export function useExportJob(): ExportJob {
  const followed = useJob();
  const [task, setTask] = useState<ExportTask | null>(null);
  const taskRef = useRef<ExportTask | null>(null);
  const savedRef = useRef<{ blob: Blob; fileName: string } | null>(null);

  const update = useCallback((change: Partial<ExportTask>) => {
    const next = taskRef.current ? { ...taskRef.current, ...change } : null;
    taskRef.current = next;
    setTask(next);
  }, []);

  const download = useCallback(
    async (jobId: string) => {
      const current = taskRef.current;
      if (!current) return;
      update({ step: 'downloading', error: null });
      try {
        const file = await downloadJobResult(
          jobId,
          fallbackExportName(current.conversationId, current.format),
        );
        savedRef.current = file;
        saveFile(file);
        update({ step: 'saved', fileName: file.fileName });
      } catch (error) {
        update({ step: 'failed', error });
      }
    },
    [update],
  );

  const follow = useCallback(
    async (jobId: string) => {
      update({ step: 'following', jobId, error: null });
      const { job, error } = await followed.follow(jobId);
      if (!job || job.state === 'queued' || job.state === 'running') {
        // The connection broke (or was stopped): the job goes on, retry follows it again.
        update({ step: 'failed', error });
        return;
      }
      if (job.state === 'completed') await download(jobId);
      else if (job.state === 'cancelled') update({ step: 'cancelled' });
      else update({ step: 'failed', error: new ExportJobError(job.error ?? '') });
    },
    [download, followed, update],
  );

  const begin = useCallback(async () => {
    const current = taskRef.current;
    if (!current) return;
    update({ step: 'starting', jobId: null, error: null, fileName: null });
    // A short job may be half done before it is followed: the follower's code loads meanwhile.
    prefetchJobSchemas();
    try {
      const job = await startExport(current.conversationId, current.format);
      await follow(job.id);
    } catch (error) {
      update({ step: 'failed', error });
    }
  }, [follow, update]);

  const start = useCallback<ExportJob['start']>(
    async (conversation, format) => {
      if (taskRef.current && busySteps.has(taskRef.current.step)) return false;
      savedRef.current = null;
      taskRef.current = {
        conversationId: conversation.id,
        title: conversation.title,
        format,
        step: 'starting',
        jobId: null,
        error: null,
        fileName: null,
      };
      setTask(taskRef.current);
      await begin();
      return true;
    },
    [begin],
  );

  const retry = useCallback(async () => {
    const current = taskRef.current;
    if (current?.step === 'cancelled') return begin();
    if (!current || current.step !== 'failed') return;
    // A job that failed by itself is started afresh; a broken connection or download resumes.
    if (current.error instanceof ExportJobError || current.jobId === null) return begin();
    if (followed.job?.state === 'completed') return download(current.jobId);
    return follow(current.jobId);
  }, [begin, download, follow, followed.job]);

  const cancel = useCallback(async () => {
    const jobId = taskRef.current?.jobId;
    if (!jobId) return;
    try {
      await cancelJob(jobId);
    } catch (error) {
      // 409: it had finished meanwhile; its events say how. Anything else is shown.
      if (!(error instanceof HttpFailure && error.response?.status === 409)) update({ error });
    }
  }, [update]);

  const saveAgain = useCallback(async () => {
    if (savedRef.current) saveFile(savedRef.current);
  }, []);

  const clear = useCallback(() => {
    if (taskRef.current && busySteps.has(taskRef.current.step)) return;
    taskRef.current = null;
    savedRef.current = null;
    setTask(null);
  }, []);

  return {
    task,
    job: task?.jobId ? followed.job : null,
    start,
    cancel,
    retry,
    saveAgain,
    clear,
    current: () => taskRef.current,
    busy: task !== null && busySteps.has(task.step),
  };
}
