import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { detectLanguage } from '../speech/language.ts';
import { WavFormatError } from '../speech/wav.ts';
import {
  type TranscriptionEngine,
  TranscriptionError,
  type TranscriptionLanguage,
  type TranscriptionRequest,
  type TranscriptionResult,
} from './transcription-engine.ts';
import { whisperPcmOf } from './whisper-pcm.ts';

/**
 * Offline speech to text: whisper.cpp through @fugood/whisper.node (MIT; prebuilt CPU binaries
 * for Linux, macOS and Windows, loaded only when this engine is). The model is loaded on the
 * first recording, once, and released when the app closes. One recording is heard at a time
 * (whisper.cpp uses every thread it is given), up to `queueMax` wait behind it, and more are
 * refused as busy.
 *
 * A caller who gives up (abort or timeout) is answered at once, but whisper.cpp 1.1.3's binding
 * only looks at `stop()` before and after its work, not during it: the recording being heard
 * finishes in the background (bounded by the longest recording a plan allows), and the next
 * waits for it.
 */

/** What this engine uses of whisper.node's context (tests hand in stand-ins). */
export interface WhisperContextLike {
  transcribeData(
    pcm: ArrayBuffer,
    options: { language?: string; temperature?: number; maxThreads?: number },
  ): {
    stop: () => Promise<void>;
    promise: Promise<{ result: string; language?: string; isAborted: boolean }>;
  };
  release(): Promise<void>;
}

/** Opens a model file as a context; throws when it cannot. */
export type WhisperLoader = (modelPath: string) => Promise<WhisperContextLike>;

export interface WhisperEngineOptions {
  modelPath: string;
  threads: number;
  timeoutMs: number;
  queueMax: number;
  /** Default: whisper.node's CPU build. */
  load?: WhisperLoader;
}

/** The first bytes of every whisper.cpp model file: `ggml` as a little-endian 32-bit number. */
const ggmlMagic = 0x67676d6c;

/** whisper.cpp 1.1.3's own words for a stop it noticed. */
const cancelledByBinding = /cancelled/i;

export class WhisperBusyError extends TranscriptionError {
  constructor() {
    super('The offline recogniser is busy with other recordings; try again in a moment.', {
      failure: { kind: 'rate-limited', status: null, retryAfterSeconds: 5 },
    });
    this.name = 'WhisperBusyError';
  }
}

/** How long the trial load of a model in a child process may take. */
const probeTimeoutMs = 120_000;

/**
 * Loads the model once in a child process first. whisper.cpp does not check a model file
 * thoroughly: a damaged one (right magic, wrong numbers) fails an assertion and aborts the whole
 * process (measured: `GGML_ASSERT(wtype != GGML_TYPE_COUNT) failed`), which would take the API
 * down. A child that dies says the file is bad; only a file that loads there is loaded here.
 */
async function probeModel(modelPath: string): Promise<void> {
  const binding = pathToFileURL(
    createRequire(import.meta.url).resolve('@fugood/whisper.node'),
  ).href;
  const script = `const { initWhisper } = await import(${JSON.stringify(binding)});
const context = await initWhisper({ filePath: process.argv[1], useGpu: false }, 'default');
await context.release();`;
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script, modelPath],
      { timeout: probeTimeoutMs, maxBuffer: 4 * 1024 * 1024 },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

/** whisper.node's CPU build, imported only when a Whisper engine first loads its model. */
const loadWithBinding: WhisperLoader = async (modelPath) => {
  await probeModel(modelPath);
  const { initWhisper } = await import('@fugood/whisper.node');
  const context = await initWhisper({ filePath: modelPath, useGpu: false }, 'default');
  return context as unknown as WhisperContextLike;
};

/** A clear reason a file is no Whisper model, before the binding is asked (it only says "failed"). */
async function checkModelFile(modelPath: string): Promise<void> {
  const name = path.basename(modelPath);
  let handle;
  try {
    handle = await open(modelPath, 'r');
  } catch {
    throw new TranscriptionError(
      `The Whisper model ${name} cannot be opened; run npm run models:pull -- --whisper.`,
    );
  }
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead < 4 || head.readUInt32LE(0) !== ggmlMagic) {
      throw new TranscriptionError(
        `The file ${name} is not a whisper.cpp (ggml) model; download one with npm run models:pull -- --whisper.`,
      );
    }
  } finally {
    await handle.close();
  }
}

function languageOf(reported: string | undefined): TranscriptionLanguage | null {
  return reported === 'en' || reported === 'vi' ? reported : null;
}

/**
 * whisper.cpp marks what is no speech in brackets ([BLANK_AUDIO], [MUSIC]) and
 * starts segments with a space: neither belongs in a composer.
 */
export function cleanWhisperText(text: string): string {
  return text
    .replace(/\[[A-Z_ ]+\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Waiting {
  start: () => void;
  fail: (error: Error) => void;
}

export function createWhisperEngine(options: WhisperEngineOptions): TranscriptionEngine & {
  /** Whether the model is in memory (loaded by the first recording). */
  loaded(): boolean;
} {
  const load = options.load ?? loadWithBinding;
  let context: Promise<WhisperContextLike> | null = null;
  let ready = false;
  let closed = false;
  let running = false;
  const queue: Waiting[] = [];
  const inFlight = new Set<() => void>();

  function contextOf(): Promise<WhisperContextLike> {
    context ??= (async () => {
      await checkModelFile(options.modelPath);
      try {
        const loadedContext = await load(options.modelPath);
        ready = true;
        return loadedContext;
      } catch (error) {
        throw new TranscriptionError(
          `The Whisper model ${path.basename(options.modelPath)} could not be loaded (damaged or incomplete?); download it again with npm run models:pull -- --whisper.`,
          { cause: error },
        );
      }
    })();
    // A failed load is tried again by the next recording (the file may have been replaced).
    context.catch(() => {
      context = null;
    });
    return context;
  }

  /** Waits for the recogniser to be free, in order; a full queue is refused as busy. */
  function turn(signal: AbortSignal | undefined): Promise<void> {
    if (!running) {
      running = true;
      return Promise.resolve();
    }
    if (queue.length >= options.queueMax) return Promise.reject(new WhisperBusyError());
    return new Promise((resolve, reject) => {
      const waiting: Waiting = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: reject,
      };
      const onAbort = () => {
        queue.splice(queue.indexOf(waiting), 1);
        reject(new TranscriptionError('Transcribing was cancelled.'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiting);
    });
  }

  function next(): void {
    const waiting = queue.shift();
    if (waiting) waiting.start();
    else running = false;
  }

  async function transcribe(
    request: TranscriptionRequest,
    signal?: AbortSignal,
  ): Promise<TranscriptionResult> {
    if (closed) throw new TranscriptionError('The offline recogniser has stopped.');
    let pcm: { pcm: ArrayBuffer; durationMs: number };
    try {
      pcm = whisperPcmOf(request.audio);
    } catch (error) {
      if (!(error instanceof WavFormatError)) throw error;
      throw new TranscriptionError('The offline recogniser takes 16-bit PCM WAV recordings only.');
    }
    if (signal?.aborted) throw new TranscriptionError('Transcribing was cancelled.');
    await turn(signal);
    // The recogniser is ours until the native work ends (not when the caller gives up).
    let handedOver = false;
    try {
      const whisper = await contextOf();
      if (closed) throw new TranscriptionError('The offline recogniser has stopped.');
      if (signal?.aborted) throw new TranscriptionError('Transcribing was cancelled.');
      const job = whisper.transcribeData(pcm.pcm, {
        language: request.language ?? 'auto',
        temperature: 0,
        maxThreads: options.threads,
      });
      handedOver = true;
      // Free the recogniser when whisper.cpp is done, whatever the caller did meanwhile.
      job.promise.then(next, next);
      const outcome = await new Promise<{ result: string; language?: string }>(
        (resolve, reject) => {
          const finish = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            inFlight.delete(onClose);
          };
          const giveUp = (error: TranscriptionError) => {
            finish();
            void job.stop().catch(() => {});
            reject(error);
          };
          const timer = setTimeout(
            () =>
              giveUp(
                new TranscriptionError(
                  `The offline recogniser took longer than ${options.timeoutMs / 1000} s and was stopped.`,
                  { failure: { kind: 'total-timeout', status: null, retryAfterSeconds: null } },
                ),
              ),
            options.timeoutMs,
          );
          const onAbort = () => giveUp(new TranscriptionError('Transcribing was cancelled.'));
          const onClose = () =>
            giveUp(new TranscriptionError('The offline recogniser has stopped.'));
          signal?.addEventListener('abort', onAbort, { once: true });
          inFlight.add(onClose);
          job.promise.then(
            (result) => {
              finish();
              if (result.isAborted) reject(new TranscriptionError('Transcribing was cancelled.'));
              else resolve(result);
            },
            (error: unknown) => {
              finish();
              const message = error instanceof Error ? error.message : '';
              reject(
                cancelledByBinding.test(message)
                  ? new TranscriptionError('Transcribing was cancelled.')
                  : new TranscriptionError('The offline recogniser failed on this recording.', {
                      cause: error,
                    }),
              );
            },
          );
        },
      );
      const text = cleanWhisperText(outcome.result);
      return {
        text,
        language:
          request.language ?? languageOf(outcome.language) ?? (text ? detectLanguage(text) : null),
        durationMs: pcm.durationMs,
      };
    } finally {
      if (!handedOver) next();
    }
  }

  return {
    model: `whisper.cpp ${path.basename(options.modelPath)}`,
    transcribe,
    loaded: () => ready,
    async close() {
      closed = true;
      for (const waiting of queue.splice(0)) {
        waiting.fail(new TranscriptionError('The offline recogniser has stopped.'));
      }
      for (const giveUp of [...inFlight]) giveUp();
      const loading = context;
      context = null;
      if (!loading) return;
      try {
        await (await loading).release();
      } catch {
        // Never loaded (its failure was answered already), or released already.
      }
    },
  };
}
