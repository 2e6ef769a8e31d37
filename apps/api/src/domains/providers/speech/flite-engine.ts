import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { splitSentences, type Voice } from '@studio/contracts';
import {
  chooseVoice,
  clamp,
  type SpeechEngine,
  SpeechError,
  type SpeechRequest,
  type SpeechResult,
} from './speech-engine.ts';
import { parseWav, type PcmAudio, WavFormatError, writeWav } from './wav.ts';
import { resultFromWav } from './wav-result.ts';

export const fliteEngineName = 'flite';
/** A voice's id is this prefix and Flite's voice name: `flite:rms`. */
export const fliteProvider = 'flite';

/**
 * Flite's clustergen voices that a speech recogniser understood (word error rates measured on
 * these machines: rms 0.00–0.12, awb 0.06–0.27, slt 0.09–0.41; kal, 1.0, is never offered).
 * rms computes its intonation with its own model (spamf0) and ignores Flite's pitch settings, so
 * it does not offer pitch: measured, its median F0 stays at 99 Hz whatever f0_shift says, while
 * slt's and awb's follow it (×1.5 gives ×1.52 and ×1.53).
 */
const fliteVoiceList: Voice[] = [
  {
    id: 'flite:rms',
    name: 'English (US), male',
    language: 'en',
    capabilities: ['speed'],
  },
  {
    id: 'flite:slt',
    name: 'English (US), female',
    language: 'en',
    capabilities: ['speed', 'pitch'],
  },
  {
    id: 'flite:awb',
    name: 'English (Scottish), male',
    language: 'en',
    capabilities: ['speed', 'pitch'],
  },
].map((voice) => ({
  ...voice,
  engine: 'Flite',
  provider: fliteProvider,
  quality: 'offline-natural' as const,
  plan: 'free' as const,
  capabilities: voice.capabilities as Voice['capabilities'],
  sandbox: false,
}));
const fliteDefaults: Record<string, string> = { en: 'flite:rms' };

/**
 * Each part Flite is given at once: its memory grows with the text and is only given back when
 * the part is done (4,500 characters took 435 MB), so a long text is spoken a few sentences at a
 * time and the parts' audio joined.
 */
const partMaxCharacters = 1000;

/** The worker thread (packages/speech-flite), resolved from this package's dependencies. */
export function defaultFliteWorkerPath(): string {
  return createRequire(import.meta.url).resolve('@studio/speech-flite/worker');
}

/** What the worker expects as workerData (packages/speech-flite/src/worker.mjs: workerRole). */
const workerRole = 'studio-flite-speech';

/** Speed 2 is half the durations; Flite takes 0.25–4. */
export function durationStretch(speed: number): number {
  return clamp(1 / speed, 0.25, 4);
}

/** Pitch multiplies the voice's own mean F0 (f0_shift); kept to 0.5–2 as the request is. */
export function f0Shift(pitch: number): number {
  return clamp(pitch, 0.5, 2);
}

export interface FliteEngineOptions {
  /** The worker module; tests pass stand-ins that hang or fail. */
  workerPath?: string;
  /** From the request until the audio is ready, queue included; then the worker is stopped. */
  timeoutMs: number;
  /** Workers at once (each holds the compiled module, about 50 MB idle, and a core while it speaks). */
  concurrency: number;
  /** Requests waiting beyond this are refused at once rather than left to time out. */
  maxQueue: number;
}

interface WorkerAnswer {
  ok: boolean;
  wav?: Uint8Array;
  message?: string;
}

/** One worker thread, asked one part at a time. */
interface FliteWorker {
  speak(part: object): Promise<Buffer>;
  /** Stops it now (its answer, if any, is dropped) and rejects what it was doing with `error`. */
  stop(error: SpeechError): void;
  readonly stopped: boolean;
}

function startWorker(workerPath: string): FliteWorker {
  // Nothing of the API's environment: the worker needs none of it.
  const worker = new Worker(workerPath, { workerData: workerRole, env: {} });
  // Held open only while it speaks: an idle worker does not keep the process alive.
  worker.unref();
  let pending: { resolve: (wav: Buffer) => void; reject: (error: SpeechError) => void } | null =
    null;
  let stoppedWith: SpeechError | null = null;

  const settle = () => {
    const current = pending;
    pending = null;
    worker.unref();
    return current;
  };
  const fail = (error: SpeechError) => {
    stoppedWith ??= error;
    settle()?.reject(stoppedWith);
  };
  worker.on('message', (answer: WorkerAnswer) => {
    const current = settle();
    if (!current) return;
    if (answer.ok && answer.wav) {
      current.resolve(Buffer.from(answer.wav.buffer, answer.wav.byteOffset, answer.wav.byteLength));
    } else {
      const detail = (answer.message ?? '').replace(/[.\s]+$/, '');
      current.reject(new SpeechError(`The speech engine failed${detail ? `: ${detail}` : ''}.`));
    }
  });
  worker.on('error', (error) =>
    fail(new SpeechError('The speech engine stopped unexpectedly.', { cause: error })),
  );
  worker.on('exit', (code) =>
    fail(new SpeechError(`The speech engine stopped (exit code ${code}).`)),
  );

  return {
    get stopped() {
      return stoppedWith !== null;
    },
    speak(part) {
      if (stoppedWith) return Promise.reject(stoppedWith);
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        worker.ref();
        worker.postMessage(part);
      });
    },
    stop(error) {
      fail(error);
      void worker.terminate();
    },
  };
}

/**
 * The embedded English engine: CMU Flite (WebAssembly) in worker threads, so its synchronous
 * synthesis never holds the API's event loop. Bounded: `concurrency` workers, started when first
 * needed and kept (a start costs the module's compile, 250–350 ms), a queue of `maxQueue`; a
 * request over its time stops its worker, which the next request replaces.
 */
export function createFliteEngine(options: FliteEngineOptions): SpeechEngine {
  const workerPath = options.workerPath ?? defaultFliteWorkerPath();
  const idle: FliteWorker[] = [];
  const busy = new Set<FliteWorker>();
  const queue: { start: (worker: FliteWorker) => void; fail: (error: SpeechError) => void }[] = [];
  let closed = false;

  /** An idle worker that still runs (one may have ended while idle), else a new one. */
  function takeWorker(): FliteWorker {
    for (let worker = idle.pop(); worker; worker = idle.pop()) {
      if (!worker.stopped) return worker;
    }
    return startWorker(workerPath);
  }

  function next() {
    while (queue.length > 0 && (idle.length > 0 || busy.size < options.concurrency)) {
      const worker = takeWorker();
      busy.add(worker);
      queue.shift()?.start(worker);
    }
  }

  function release(worker: FliteWorker) {
    busy.delete(worker);
    if (!worker.stopped && !closed) idle.push(worker);
    next();
  }

  /** Speaks the parts one after another on one worker and joins their audio. */
  async function speakParts(
    worker: FliteWorker,
    parts: string[],
    voice: string,
    request: SpeechRequest,
  ): Promise<Buffer> {
    const pieces: PcmAudio[] = [];
    for (const text of parts) {
      const wav = await worker.speak({
        text,
        voice,
        durationStretch: durationStretch(request.speed),
        f0Shift: f0Shift(request.pitch),
      });
      try {
        pieces.push(parseWav(wav));
      } catch (error) {
        if (error instanceof WavFormatError) {
          throw new SpeechError(
            `The speech engine returned audio that cannot be read (${error.message}).`,
          );
        }
        throw error;
      }
    }
    return joinWav(pieces);
  }

  async function synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechResult> {
    if (closed) throw new SpeechError('The speech engine is shutting down.');
    const voice = chooseVoice(fliteVoiceList, fliteDefaults, request);
    const parts = groupSentences(splitSentences(request.text, partMaxCharacters));
    if (parts.length === 0) throw new SpeechError('There is nothing to say.');
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const stopped = () =>
      timeout.aborted
        ? new SpeechError(
            `Speaking took longer than ${options.timeoutMs / 1000} s and was stopped.`,
          )
        : new SpeechError('Speaking was cancelled.');

    const wav = await new Promise<Buffer>((resolve, reject) => {
      if (stop.aborted) return reject(stopped());
      if (queue.length >= options.maxQueue) {
        return reject(new SpeechError('The speech engine is busy; try again in a moment.'));
      }
      let running: FliteWorker | null = null;
      const onAbort = () => {
        if (running) {
          // WebAssembly cannot be interrupted from outside but by ending its thread.
          running.stop(stopped());
        } else {
          const index = queue.indexOf(job);
          if (index >= 0) queue.splice(index, 1);
          reject(stopped());
        }
      };
      const job = {
        start: (worker: FliteWorker) => {
          running = worker;
          speakParts(worker, parts, voice.slice(fliteProvider.length + 1), request)
            .then(resolve, reject)
            .finally(() => {
              stop.removeEventListener('abort', onAbort);
              release(worker);
            });
        },
        fail: (error: SpeechError) => {
          stop.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      stop.addEventListener('abort', onAbort, { once: true });
      queue.push(job);
      next();
    });
    return resultFromWav(wav, request.format, voice);
  }

  return {
    model: fliteEngineName,
    name: 'Flite',
    voices: () => fliteVoiceList,
    defaultVoices: () => ({ ...fliteDefaults }),
    synthesize,
    async close() {
      closed = true;
      const shutting = () => new SpeechError('The speech engine is shutting down.');
      for (const job of queue.splice(0)) job.fail(shutting());
      for (const worker of [...busy, ...idle.splice(0)]) worker.stop(shutting());
    },
  };
}

/** Adjacent sentences joined into parts of up to partMaxCharacters, so Flite is called rarely. */
function groupSentences(sentences: string[]): string[] {
  const parts: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    if (current && current.length + 1 + sentence.length > partMaxCharacters) {
      parts.push(current);
      current = sentence;
    } else {
      current = current ? `${current} ${sentence}` : sentence;
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** One WAV of the parts' samples in order (they share Flite's 16 kHz mono). */
function joinWav(pieces: PcmAudio[]): Buffer {
  const [first] = pieces;
  if (!first) throw new SpeechError('The speech engine returned no audio.');
  if (pieces.length === 1) return writeWav(first);
  const samples = new Int16Array(pieces.reduce((sum, piece) => sum + piece.samples.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    if (piece.sampleRate !== first.sampleRate || piece.channels !== first.channels) {
      throw new SpeechError('The speech engine returned parts that do not match.');
    }
    samples.set(piece.samples, offset);
    offset += piece.samples.length;
  }
  return writeWav({ sampleRate: first.sampleRate, channels: first.channels, samples });
}
