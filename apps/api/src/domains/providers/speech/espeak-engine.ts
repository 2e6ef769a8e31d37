import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Voice } from '@studio/contracts';
import {
  chooseVoice,
  clamp,
  type SpeechEngine,
  SpeechError,
  type SpeechRequest,
  type SpeechResult,
} from './speech-engine.ts';
import { resultFromWav } from './wav-result.ts';

export const espeakEngineName = 'espeak-ng';
/** A voice's id is this prefix and its eSpeak NG name: `espeak:vi+f3`. */
export const espeakProvider = 'espeak';

/**
 * eSpeak NG's own voice names (a language, a region and a variant), which stay stable across its
 * releases, each checked in the npm espeak-ng 1.0.2 build (`--voices=vi`: vi, vi-vn-x-central,
 * vi-vn-x-south). It sounds like a machine, and says so (quality offline-robotic).
 */
const espeakVoiceNames: { name: string; label: string; language: 'en' | 'vi' }[] = [
  { name: 'en-us+f3', label: 'English (US), female', language: 'en' },
  { name: 'en-us+m3', label: 'English (US), male', language: 'en' },
  { name: 'en-gb+f4', label: 'English (UK), female', language: 'en' },
  { name: 'vi+f3', label: 'Tiếng Việt (miền Bắc), nữ (Northern, female)', language: 'vi' },
  { name: 'vi', label: 'Tiếng Việt (miền Bắc), nam (Northern, male)', language: 'vi' },
  {
    name: 'vi-vn-x-central',
    label: 'Tiếng Việt (miền Trung), nam (Central, male)',
    language: 'vi',
  },
  { name: 'vi-vn-x-south', label: 'Tiếng Việt (miền Nam), nam (Southern, male)', language: 'vi' },
  {
    name: 'vi-vn-x-south+f3',
    label: 'Tiếng Việt (miền Nam), nữ (Southern, female)',
    language: 'vi',
  },
];

const espeakVoices: Voice[] = espeakVoiceNames.map(({ name, label, language }) => ({
  id: `${espeakProvider}:${name}`,
  name: label,
  language,
  engine: 'eSpeak NG',
  provider: espeakProvider,
  quality: 'offline-robotic',
  plan: 'free',
  capabilities: ['speed', 'pitch'],
  sandbox: false,
}));
const espeakDefaults: Record<string, string> = { en: 'espeak:en-us+f3', vi: 'espeak:vi+f3' };

/** Speed 1 is eSpeak NG's own 175 words per minute; it accepts 80–450. */
export function wordsPerMinute(speed: number): number {
  return Math.round(clamp(175 * speed, 80, 450));
}

/** Pitch 1 is eSpeak NG's own 50; it accepts 0–99. */
export function espeakPitch(pitch: number): number {
  return Math.round(clamp(50 * pitch, 0, 99));
}

/** packages/speech-espeak's program (GPL): spawned, never imported, so its code stays out of ours. */
export function defaultWorkerPath(): string {
  return createRequire(import.meta.url).resolve('@studio/speech-espeak/worker');
}

export interface EspeakEngineOptions {
  /** The worker program run with `node`; tests pass stand-ins that hang or fail. */
  workerPath?: string;
  /** From the request until the audio is ready, queue included; then the worker is killed. */
  timeoutMs: number;
  /** Workers running at once (each is a process of about 60 MB); the rest wait in line. */
  concurrency: number;
  /** Requests waiting beyond this are refused at once rather than left to time out. */
  maxQueue: number;
}

/** A WAV bigger than this is a broken worker (10 minutes of speech is 26 MB). */
const maxOutputBytes = 64 * 1024 * 1024;
const maxStderrBytes = 4 * 1024;

interface Job {
  start: () => void;
  fail: (error: SpeechError) => void;
}

/**
 * The embedded offline engine: eSpeak NG (English, Vietnamese) in a separate process per request,
 * its WAV encoded to MP3 here when asked. Bounded: `concurrency` processes, a queue of `maxQueue`.
 */
export function createEspeakEngine(options: EspeakEngineOptions): SpeechEngine {
  const workerPath = options.workerPath ?? defaultWorkerPath();
  /** How to stop each running worker. */
  const running = new Set<(error: SpeechError) => void>();
  const queue: Job[] = [];
  let active = 0;
  let closed = false;

  function next() {
    while (active < options.concurrency && queue.length > 0) {
      active += 1;
      queue.shift()?.start();
    }
  }

  /**
   * Runs the worker once; resolves with its stdout, rejects with a SpeechError. When `signal`
   * aborts the process is killed and `stopped()` says why.
   */
  function runWorker(
    input: string,
    signal: AbortSignal,
    stopped: () => SpeechError,
  ): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      // An empty environment: the worker needs none of the API's secrets.
      const child = spawn(process.execPath, [workerPath], {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: {},
      });
      const stdout: Buffer[] = [];
      let stdoutBytes = 0;
      let stderr = '';
      let failure: SpeechError | null = null;
      const stop = (error: SpeechError) => {
        failure ??= error;
        child.kill('SIGKILL');
      };
      running.add(stop);
      const onAbort = () => stop(stopped());
      signal.addEventListener('abort', onAbort, { once: true });

      child.stdout.on('data', (chunk: Buffer) => {
        stdoutBytes += chunk.length;
        if (stdoutBytes <= maxOutputBytes) {
          stdout.push(chunk);
        } else {
          stop(new SpeechError('The speech engine produced too much audio.'));
        }
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < maxStderrBytes) stderr += chunk.toString('utf8');
      });
      // A worker that dies before reading its input closes stdin under us: its exit code says why.
      child.stdin.on('error', () => {});
      child.on('error', (error) =>
        stop(new SpeechError('The speech engine could not be started.', { cause: error })),
      );
      child.on('close', (code, killedBy) => {
        running.delete(stop);
        signal.removeEventListener('abort', onAbort);
        if (failure) return reject(failure);
        if (code === 0) return resolve(Buffer.concat(stdout));
        const detail =
          stderr
            .trim()
            .split('\n')[0]
            ?.replace(/^speech-espeak: /, '')
            .replace(/[.\s]+$/, '') ?? '';
        reject(
          new SpeechError(
            `The speech engine failed${detail ? `: ${detail}` : ` (${killedBy ?? `exit code ${code}`})`}.`,
          ),
        );
      });
      child.stdin.end(input);
    });
  }

  async function synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechResult> {
    if (closed) throw new SpeechError('The speech engine is shutting down.');
    const voice = chooseVoice(espeakVoices, espeakDefaults, request);
    const input = JSON.stringify({
      text: request.text,
      voice: voice.slice(espeakProvider.length + 1),
      wordsPerMinute: wordsPerMinute(request.speed),
      pitch: espeakPitch(request.pitch),
    });
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const stopped = () =>
      timeout.aborted
        ? new SpeechError(
            `Speaking took longer than ${options.timeoutMs / 1000} s and was stopped.`,
          )
        : new SpeechError('Speaking was cancelled.');

    const wav = await new Promise<Buffer>((resolve, reject) => {
      if (queue.length >= options.maxQueue) {
        reject(new SpeechError('The speech engine is busy; try again in a moment.'));
        return;
      }
      const job: Job = {
        start: () => {
          runWorker(input, stop, stopped)
            .then(resolve, reject)
            .finally(() => {
              active -= 1;
              next();
            });
        },
        fail: reject,
      };
      // Given up while still waiting: leave the line without ever starting a process.
      const leave = () => {
        const index = queue.indexOf(job);
        if (index >= 0) {
          queue.splice(index, 1);
          reject(stopped());
        }
      };
      if (stop.aborted) {
        reject(stopped());
        return;
      }
      stop.addEventListener('abort', leave, { once: true });
      queue.push(job);
      next();
    });

    return resultFromWav(wav, request.format, voice);
  }

  return {
    model: espeakEngineName,
    name: 'eSpeak NG',
    voices: () => espeakVoices,
    defaultVoices: () => ({ ...espeakDefaults }),
    synthesize,
    async close() {
      closed = true;
      for (const job of queue.splice(0))
        job.fail(new SpeechError('The speech engine is shutting down.'));
      for (const stop of running) stop(new SpeechError('The speech engine is shutting down.'));
    },
  };
}
