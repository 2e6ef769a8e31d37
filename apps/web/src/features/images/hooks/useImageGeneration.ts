import {
  imageJobResult,
  type GeneratedImage,
  type ImageJobResult,
  type JobView,
} from '@studio/contracts';
import { useCallback, useRef, useState } from 'react';
import { cancelJob } from '../../../lib/api/endpoints/jobs/cancelJob';
import { prefetchJobSchemas } from '../../../lib/api/endpoints/jobs/followJob';
import { HttpFailure } from '../../../lib/api/errorText';
import { useJob } from '../../../lib/stream/useJob';
import { ImageJobError, ImageResultError } from '../api/generationErrors';
import { getImageFile } from '../../../lib/api/endpoints/images/getImageFile';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { startGeneration } from '../api/startGeneration';
import type { GenerationCall } from '../form/imageForm';

/** Where one run is: asking for the job, following it, then its end. */
export type RunStatus = 'starting' | 'following' | 'completed' | 'failed' | 'cancelled';

export interface ImageRun {
  /** This page's own id for the run (the job's id comes later). */
  key: string;
  jobId: string | null;
  status: RunStatus;
  prompt: string;
  requested: number;
  images: readonly GeneratedImage[];
  shortfall: number;
  /** What broke (the call, the connection, or the job's own words); null unless failed. */
  error: unknown;
}

export interface ImageGeneration {
  /** Newest first; earlier runs stay. */
  runs: readonly ImageRun[];
  /** The job being followed (its stage and percent), while a run is under way. */
  job: JobView | null;
  busy: boolean;
  /** Starts a run unless one is under way; resolves with the run as it ended. */
  generate: (call: GenerationCall) => Promise<ImageRun | null>;
  /** Cancels the run under way (DELETE /api/jobs/{id}); its events end it as cancelled. */
  cancel: () => Promise<void>;
  /** Follows a run again whose connection broke (the job went on). */
  resume: (key: string) => Promise<ImageRun | null>;
}

export interface ImageGenerationOptions {
  /** A run's pictures came back (the gallery keeps them, the quota is read again). */
  onCompleted?: (images: readonly GeneratedImage[]) => void;
  /** A run ended, however (the quota is read again). */
  onSettled?: () => void;
}

let runCount = 0;

/**
 * The image tools' runs: each generation is a job (POST /api/images/generations), followed over
 * server-sent events with its stage, cancellable, its pictures kept in the page's list of runs.
 * A failure keeps the run with its words; the form is the page's and is never touched here.
 */
export function useImageGeneration({
  onCompleted,
  onSettled,
}: ImageGenerationOptions = {}): ImageGeneration {
  const followed = useJob({ headers: visitorHeaders });
  const [runs, setRuns] = useState<readonly ImageRun[]>([]);
  const runsRef = useRef<readonly ImageRun[]>([]);
  const activeRef = useRef<string | null>(null);
  const [active, setActive] = useState<string | null>(null);

  const update = useCallback((key: string, change: Partial<ImageRun>) => {
    const next = runsRef.current.map((run) => (run.key === key ? { ...run, ...change } : run));
    runsRef.current = next;
    setRuns(next);
  }, []);

  const setActiveRun = useCallback((key: string | null) => {
    activeRef.current = key;
    setActive(key);
  }, []);

  const follow = useCallback(
    async (key: string, jobId: string): Promise<void> => {
      update(key, { status: 'following', jobId, error: null });
      const { job, error } = await followed.follow(jobId);
      if (!job || job.state === 'queued' || job.state === 'running') {
        // The connection broke (or was stopped): the job goes on, resume follows it again.
        update(key, { status: 'failed', error });
        return;
      }
      if (job.state === 'cancelled') update(key, { status: 'cancelled' });
      else if (job.state === 'failed') {
        update(key, { status: 'failed', error: new ImageJobError(job.error ?? '') });
      } else {
        const parsed = imageJobResult.safeParse(job.result);
        if (!parsed.success) {
          update(key, { status: 'failed', error: new ImageResultError(parsed.error.message) });
          return;
        }
        const result: ImageJobResult = parsed.data;
        update(key, {
          status: 'completed',
          images: result.images,
          requested: result.requested,
          shortfall: result.shortfall,
        });
        onCompleted?.(result.images);
      }
    },
    [followed, onCompleted, update],
  );

  const finish = useCallback(
    (key: string) => {
      if (activeRef.current === key) setActiveRun(null);
      onSettled?.();
      return runsRef.current.find((run) => run.key === key) ?? null;
    },
    [onSettled, setActiveRun],
  );

  const generate = useCallback<ImageGeneration['generate']>(
    async (call) => {
      if (activeRef.current) return null;
      runCount += 1;
      const key = `run-${runCount}`;
      const run: ImageRun = {
        key,
        jobId: null,
        status: 'starting',
        prompt: call.request.prompt ?? '',
        requested: call.request.variants ?? 1,
        images: [],
        shortfall: 0,
        error: null,
      };
      runsRef.current = [run, ...runsRef.current];
      setRuns(runsRef.current);
      setActiveRun(key);
      // A short job may be half done before it is followed: the follower's code loads meanwhile.
      prefetchJobSchemas();
      try {
        const job = await startGeneration(await withSourceFile(call));
        await follow(key, job.id);
      } catch (error) {
        update(key, { status: 'failed', error });
      }
      return finish(key);
    },
    [finish, follow, setActiveRun, update],
  );

  const resume = useCallback<ImageGeneration['resume']>(
    async (key) => {
      const run = runsRef.current.find((candidate) => candidate.key === key);
      if (!run?.jobId || activeRef.current || run.status !== 'failed') return null;
      if (run.error instanceof ImageJobError) return null;
      setActiveRun(key);
      await follow(key, run.jobId);
      return finish(key);
    },
    [finish, follow, setActiveRun],
  );

  const cancel = useCallback(async () => {
    const jobId = runsRef.current.find((run) => run.key === activeRef.current)?.jobId;
    if (!jobId) return;
    try {
      await cancelJob(jobId, visitorHeaders());
    } catch (error) {
      // 409: it had finished meanwhile, and its events say how. Anything else is shown.
      const key = activeRef.current;
      if (key && !(error instanceof HttpFailure && error.response?.status === 409)) {
        update(key, { error });
      }
    }
  }, [update]);

  return {
    runs,
    job: active ? followed.job : null,
    busy: active !== null,
    generate,
    cancel,
    resume,
  };
}

/** A visitor's picture as the source goes as its bytes (see GenerationCall.sourceFileUrl). */
async function withSourceFile(call: GenerationCall): Promise<GenerationCall> {
  if (!call.sourceFileUrl) return call;
  const source = await getImageFile(call.sourceFileUrl);
  return { ...call, files: { ...call.files, source } };
}
