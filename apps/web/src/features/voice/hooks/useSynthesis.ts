import {
  voiceSynthesisResult,
  type VoiceClip,
  type VoiceSynthesisInput,
  type JobView,
} from '@studio/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cancelJob } from '../../../lib/api/endpoints/jobs/cancelJob';
import { prefetchJobSchemas } from '../../../lib/api/endpoints/jobs/followJob';
import { HttpFailure } from '../../../lib/api/errorText';
import { useJob } from '../../../lib/stream/useJob';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { getClipAudio } from '../../../lib/api/endpoints/voice/getClipAudio';
import { getPart } from '../api/getPart';
import { getVisitorClipAudio } from '../api/getVisitorClipAudio';
import { startSynthesis } from '../api/startSynthesis';
import { SynthesisJobError, SynthesisResultError } from '../api/synthesisErrors';
import { createPartQueue, type PartQueue } from '../playback/partQueue';
import { webAudioSink } from '../playback/webAudioSink';

/** Where the synthesis is: asking for the job, following it, then its end. */
export type SynthesisStatus = 'starting' | 'following' | 'completed' | 'failed' | 'cancelled';

export interface SynthesisRun {
  status: SynthesisStatus;
  jobId: string | null;
  /** What was asked (to make it again). */
  request: VoiceSynthesisInput;
  /** The clip made; null until it completes. */
  clip: VoiceClip | null;
  /** Its audio, fetched once it completes (null while it is being fetched, or if that failed). */
  audio: Blob | null;
  /** What broke: the call, the connection, the job's own words, or fetching the audio. */
  error: unknown;
}

/** Listening while the job speaks: how many sentences are queued and heard, and any failure. */
export interface Listening {
  queued: number;
  heard: number;
  error: unknown;
}

export interface Synthesis {
  run: SynthesisRun | null;
  /** The job as its events last told it (stage, percent, sentences), while it runs. */
  job: JobView | null;
  busy: boolean;
  listening: Listening | null;
  /**
   * Starts a synthesis unless one is under way; `listen` plays each sentence as it is spoken.
   * Call it from the click itself: listening needs the click to be allowed to play.
   */
  generate: (
    request: VoiceSynthesisInput,
    options: { listen: boolean },
  ) => Promise<SynthesisRun | null>;
  /** Starts hearing the sentences spoken so far, then the rest as they come (from a click). */
  listen: () => void;
  stopListening: () => void;
  /** Cancels the job under way (DELETE /api/jobs/{id}); its events end it as cancelled. */
  cancel: () => Promise<void>;
  /** Fetches a completed clip's audio again, after that failed. */
  retryAudio: () => Promise<void>;
}

export interface SynthesisOptions {
  /** Signed in: the clip is the server's; a visitor's is fetched with their key. */
  signedIn: boolean;
  /** A clip is made and its audio is here (the clip lists keep it). */
  onClip?: (clip: VoiceClip, audio: Blob) => Promise<void> | void;
  /** A run ended, however (what is left today is read again). */
  onSettled?: () => void;
}

/**
 * The voice page's synthesis: a job (POST /api/voice/syntheses) followed over server-sent events,
 * whose sentences can be heard as they are spoken (GET …/parts/{n}, played back to back), then
 * the clip's audio, fetched once. A failure keeps the run with its words; the form is the page's.
 */
export function useSynthesis({ signedIn, onClip, onSettled }: SynthesisOptions): Synthesis {
  const followed = useJob({ headers: visitorHeaders });
  const [run, setRun] = useState<SynthesisRun | null>(null);
  const runRef = useRef<SynthesisRun | null>(null);
  const [listening, setListening] = useState<Listening | null>(null);
  const queue = useRef<PartQueue | null>(null);

  const update = useCallback((change: Partial<SynthesisRun>) => {
    if (!runRef.current) return;
    runRef.current = { ...runRef.current, ...change };
    setRun(runRef.current);
  }, []);

  const stopListening = useCallback(() => {
    queue.current?.stop();
    queue.current = null;
    setListening(null);
  }, []);

  const listen = useCallback(() => {
    if (queue.current) return;
    const AudioContextClass = window.AudioContext as typeof AudioContext | undefined;
    if (!AudioContextClass) return;
    // Made in the click: a context made later would be held silent by the autoplay rules.
    const context = new AudioContextClass();
    setListening({ queued: 0, heard: 0, error: null });
    const sink = webAudioSink(context, (heard) =>
      setListening((current) => (current ? { ...current, heard } : current)),
    );
    const created = createPartQueue({
      sink,
      fetchPart: (index, signal) => {
        const jobId = runRef.current?.jobId;
        if (!jobId) return Promise.reject(new Error('The job has not started yet.'));
        return getPart(jobId, index, signal);
      },
      onProgress: ({ queued, error, stopped }) => {
        if (stopped) return;
        setListening((current) => (current ? { ...current, queued, error } : current));
      },
    });
    queue.current = created;
    const done = followed.job?.progress?.steps?.done;
    if (done) created.ready(done);
  }, [followed.job]);

  // Each sentence spoken is a part to hear (the queue fetches each once, in order).
  const spoken = followed.job?.progress?.steps?.done ?? 0;
  useEffect(() => {
    if (spoken > 0) queue.current?.ready(spoken);
  }, [spoken]);

  // Leaving the page silences it.
  useEffect(() => () => queue.current?.stop(), []);

  const fetchAudio = useCallback(
    async (clip: VoiceClip, jobId: string) => {
      try {
        const audio = signedIn
          ? await getClipAudio(clip.audioUrl)
          : await getVisitorClipAudio(jobId);
        update({ audio, error: null });
        await onClip?.(clip, audio);
      } catch (error) {
        update({ error });
      }
    },
    [onClip, signedIn, update],
  );

  const generate = useCallback<Synthesis['generate']>(
    async (request, { listen: listenNow }) => {
      if (
        runRef.current &&
        (runRef.current.status === 'starting' || runRef.current.status === 'following')
      ) {
        return null;
      }
      stopListening();
      runRef.current = {
        status: 'starting',
        jobId: null,
        request,
        clip: null,
        audio: null,
        error: null,
      };
      setRun(runRef.current);
      if (listenNow) listen();
      prefetchJobSchemas();
      try {
        const started = await startSynthesis(request);
        update({ status: 'following', jobId: started.id });
        const { job, error } = await followed.follow(started.id);
        if (!job || job.state === 'queued' || job.state === 'running') {
          update({ status: 'failed', error });
        } else if (job.state === 'cancelled') {
          update({ status: 'cancelled' });
          stopListening();
        } else if (job.state === 'failed') {
          update({ status: 'failed', error: new SynthesisJobError(job.error ?? '') });
          stopListening();
        } else {
          const parsed = voiceSynthesisResult.safeParse(job.result);
          if (!parsed.success) {
            update({ status: 'failed', error: new SynthesisResultError(parsed.error.message) });
          } else {
            const { clip } = parsed.data;
            // The last sentences still reach the listener, who may be a sentence behind.
            if (job.progress?.steps) queue.current?.ready(job.progress.steps.done);
            update({ status: 'completed', clip });
            await fetchAudio(clip, started.id);
          }
        }
      } catch (error) {
        update({ status: 'failed', error });
        stopListening();
      }
      onSettled?.();
      return runRef.current;
    },
    [fetchAudio, followed, listen, onSettled, stopListening, update],
  );

  const cancel = useCallback(async () => {
    const jobId = runRef.current?.jobId;
    stopListening();
    if (!jobId) return;
    try {
      await cancelJob(jobId, visitorHeaders());
    } catch (error) {
      // 409: it had finished meanwhile, and its events say how. Anything else is shown.
      if (!(error instanceof HttpFailure && error.response?.status === 409)) update({ error });
    }
  }, [stopListening, update]);

  const retryAudio = useCallback(async () => {
    const current = runRef.current;
    if (current?.status !== 'completed' || !current.clip || !current.jobId) return;
    await fetchAudio(current.clip, current.jobId);
  }, [fetchAudio]);

  const busy = run?.status === 'starting' || run?.status === 'following';
  return {
    run,
    job: busy ? followed.job : null,
    busy,
    listening,
    generate,
    listen,
    stopListening,
    cancel,
    retryAudio,
  };
}
