import type { TranscriptionLanguage } from '@studio/contracts';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { transcribe as transcribeRecording } from '../api/endpoints/voice/transcribe';
import { MicrophoneError, type MicrophoneErrorKind } from './capture/microphone';
import { type Recording, type RecordingOptions, startRecording } from './capture/recording';

export type DictationProblem =
  | MicrophoneErrorKind
  /** Nothing was said: the recording was dropped, never sent. */
  | 'silent'
  /** The server refused or failed: its own words are in `error`. */
  | 'server';

export type DictationState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'recording'; level: number; elapsedMs: number }
  | { phase: 'transcribing' }
  | { phase: 'error'; problem: DictationProblem; error: unknown };

export interface DictationOptions {
  language: TranscriptionLanguage;
  /** The plan's longest recording. */
  maxSeconds: number;
  /** Stop by itself when the speaker falls quiet. */
  autoStop?: boolean;
  /** The words heard, for the caller to put where they go. `limited`: it stopped at the limit. */
  onText: (text: string, details: { limited: boolean }) => void;
  /** Stand-ins for tests and stories. */
  record?: typeof startRecording;
  transcribe?: typeof transcribeRecording;
}

export interface Dictation {
  state: DictationState;
  start(): Promise<void>;
  /** Ends the recording and transcribes what was said. */
  stop(): void;
  /** Ends it and drops it: nothing leaves the page. */
  cancel(): void;
}

/** How long a pause ends dictation, and how long nothing said gives up. */
const silenceMs = 1800;
const noSpeechMs = 8000;

/**
 * Dictation: records in the page (press to start, stop or fall quiet to end), then sends the
 * recording to be transcribed and hands the words to `onText`. A recording with no speech in it
 * is never sent; cancelling drops it.
 */
export function useDictation(options: DictationOptions): Dictation {
  const [state, setState] = useState<DictationState>({ phase: 'idle' });
  const recording = useRef<Recording | null>(null);
  const request = useRef<AbortController | null>(null);
  const latest = useRef(options);
  // The newest options for the recording under way (its callbacks run between renders).
  useLayoutEffect(() => {
    latest.current = options;
  });

  useEffect(
    () => () => {
      recording.current?.cancel();
      request.current?.abort();
    },
    [],
  );

  const start = useCallback(async () => {
    const { maxSeconds, autoStop = true, record = startRecording } = latest.current;
    setState({ phase: 'starting' });
    const started = Date.now();
    const settings: RecordingOptions = {
      maxMs: maxSeconds * 1000,
      autoStop,
      silenceMs,
      noSpeechMs,
      onLevel: (level) => setState({ phase: 'recording', level, elapsedMs: Date.now() - started }),
    };
    let current: Recording;
    try {
      current = await record(settings);
    } catch (error) {
      setState({
        phase: 'error',
        problem: error instanceof MicrophoneError ? error.kind : 'failed',
        error,
      });
      return;
    }
    recording.current = current;
    setState({ phase: 'recording', level: 0, elapsedMs: 0 });
    const audio = await current.done;
    recording.current = null;
    if (audio.end === 'cancelled') {
      setState({ phase: 'idle' });
      return;
    }
    if (!audio.heardSpeech) {
      setState({ phase: 'error', problem: 'silent', error: null });
      return;
    }
    setState({ phase: 'transcribing' });
    const controller = new AbortController();
    request.current = controller;
    const { transcribe = transcribeRecording, language, onText } = latest.current;
    try {
      const heard = await transcribe(audio.wav, language, controller.signal);
      if (controller.signal.aborted) return;
      setState({ phase: 'idle' });
      if (heard.text.trim()) onText(heard.text.trim(), { limited: audio.end === 'limit' });
      else setState({ phase: 'error', problem: 'silent', error: null });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ phase: 'error', problem: 'server', error });
    } finally {
      request.current = null;
    }
  }, []);

  const stop = useCallback(() => recording.current?.stop(), []);
  const cancel = useCallback(() => {
    recording.current?.cancel();
    request.current?.abort();
    setState({ phase: 'idle' });
  }, []);

  return { state, start, stop, cancel };
}
