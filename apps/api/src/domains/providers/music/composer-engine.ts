import { randomInt } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { threadSource, type WorkerSource } from '../../../threads/thread-source.ts';
import {
  type Arrangement,
  arrangementSchema,
  arrangementToMidi,
  composeArrangement,
  extendArrangement,
  rewriteSection,
  soundFontPath,
} from '@studio/composer';
import {
  MUSIC_DURATION_MAX_SECONDS,
  MUSIC_SEED_MAX,
  type MusicInstrument,
} from '@studio/contracts';
import {
  type MusicEngine,
  MusicError,
  type MusicGenerateRequest,
  type MusicGenerateResult,
  type MusicModelInfo,
} from './music-engine.ts';

/** What the render thread expects as workerData (packages/composer/src/render-worker.ts). */
const workerRole = 'studio-composer-render';
const modelName = 'arranger';

const composerModel: MusicModelInfo = {
  id: `composer:${modelName}`,
  name: 'Offline composer',
  provider: 'composer',
  quality: 'offline-composer',
  capabilities: ['settings', 'extend', 'section', 'seed', 'midi', 'stems'],
  maxDurationSeconds: MUSIC_DURATION_MAX_SECONDS,
  plan: 'free',
  sandbox: false,
};

export interface ComposerEngineOptions {
  /** The sound font (SF2/SF3); default: MUSIC_SOUND_FONT or the npm package's MuseScore General. */
  soundFontPath?: string;
  /** Render threads at once (each holds the sound font, about 60 MB, and a core while it renders). */
  concurrency?: number;
  /** The render thread's module; tests pass stand-ins. */
  worker?: WorkerSource;
}

/**
 * The render thread: dist/composer-worker.js beside the bundled server (scripts/bundle.mjs
 * builds it), or, from the sources, the package's TypeScript module loaded through tsx's loader.
 */
export function defaultComposerWorker(): WorkerSource {
  return threadSource(
    new URL('./composer-worker.js', import.meta.url),
    pathToFileURL(fileURLToPath(import.meta.resolve('@studio/composer/render-worker'))).href,
  );
}

interface WorkerMessage {
  type: 'progress' | 'done' | 'error';
  stage?: 'loading' | 'rendering' | 'stems';
  fraction?: number;
  mix?: Int16Array;
  stems?: { instrument: MusicInstrument; samples: Int16Array }[];
  message?: string;
}

interface Rendered {
  mix: Int16Array;
  stems: { instrument: MusicInstrument; samples: Int16Array }[];
}

interface RenderThread {
  render(
    arrangement: Arrangement,
    stems: boolean,
    onProgress: (message: WorkerMessage) => void,
  ): Promise<Rendered>;
  stop(error: MusicError): void;
  readonly stopped: boolean;
}

function startThread(source: WorkerSource, fontPath: string): RenderThread {
  // Nothing of the API's environment: the thread needs none of it.
  const worker = new Worker(source.code, { eval: source.eval, workerData: workerRole, env: {} });
  worker.unref();
  let pending: {
    resolve: (rendered: Rendered) => void;
    reject: (error: MusicError) => void;
    onProgress: (message: WorkerMessage) => void;
  } | null = null;
  let stoppedWith: MusicError | null = null;
  const settle = () => {
    const current = pending;
    pending = null;
    worker.unref();
    return current;
  };
  const fail = (error: MusicError) => {
    stoppedWith ??= error;
    settle()?.reject(stoppedWith);
  };
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'progress') return pending?.onProgress(message);
    const current = settle();
    if (!current) return;
    if (message.type === 'done' && message.mix) {
      current.resolve({ mix: message.mix, stems: message.stems ?? [] });
    } else {
      current.reject(
        new MusicError(
          `The composer could not render the piece: ${message.message ?? 'no reason given'}.`,
        ),
      );
    }
  });
  worker.on('error', (error) =>
    fail(new MusicError('The composer stopped unexpectedly.', { cause: error })),
  );
  worker.on('exit', (code) => fail(new MusicError(`The composer stopped (exit code ${code}).`)));
  return {
    get stopped() {
      return stoppedWith !== null;
    },
    render(arrangement, stems, onProgress) {
      if (stoppedWith) return Promise.reject(stoppedWith);
      return new Promise((resolve, reject) => {
        pending = { resolve, reject, onProgress };
        worker.ref();
        worker.postMessage({ arrangement, stems, soundFontPath: fontPath });
      });
    },
    stop(error) {
      fail(error);
      void worker.terminate();
    },
  };
}

/**
 * The offline composer as a music engine: the arrangement is written here (milliseconds), the
 * audio rendered in worker threads (seconds: a pool of `concurrency`, 1 by default, each loading
 * the sound font once, on its first render). Cancelling ends the thread, which the next request
 * replaces.
 */
export function createComposerEngine(options: ComposerEngineOptions = {}): MusicEngine {
  const fontPath = options.soundFontPath ?? soundFontPath();
  const source = options.worker ?? defaultComposerWorker();
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const idle: RenderThread[] = [];
  const busy = new Set<RenderThread>();
  const queue: { start: (thread: RenderThread) => void; fail: (error: MusicError) => void }[] = [];
  let closed = false;

  const take = () => {
    for (let thread = idle.pop(); thread; thread = idle.pop()) if (!thread.stopped) return thread;
    return startThread(source, fontPath);
  };
  const next = () => {
    while (queue.length > 0 && (idle.length > 0 || busy.size < concurrency)) {
      const thread = take();
      busy.add(thread);
      queue.shift()?.start(thread);
    }
  };
  const release = (thread: RenderThread) => {
    busy.delete(thread);
    if (!thread.stopped && !closed) idle.push(thread);
    next();
  };

  function render(arrangement: Arrangement, request: MusicGenerateRequest): Promise<Rendered> {
    const cancelled = () =>
      new MusicError('Making the music was cancelled.', { model: composerModel.id });
    return new Promise((resolve, reject) => {
      if (request.signal.aborted) return reject(cancelled());
      let running: RenderThread | null = null;
      const onAbort = () => {
        if (running) running.stop(cancelled());
        else {
          const index = queue.indexOf(job);
          if (index >= 0) queue.splice(index, 1);
          reject(cancelled());
        }
      };
      const job = {
        start: (thread: RenderThread) => {
          running = thread;
          thread
            .render(arrangement, true, (message) => {
              if (message.stage === 'rendering' || message.stage === 'stems') {
                request.onProgress(message.stage, message.fraction ?? 0);
              }
            })
            .then(resolve, reject)
            .finally(() => {
              request.signal.removeEventListener('abort', onAbort);
              release(thread);
            });
        },
        fail: (error: MusicError) => {
          request.signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      request.signal.addEventListener('abort', onAbort, { once: true });
      queue.push(job);
      next();
    });
  }

  async function generate(request: MusicGenerateRequest): Promise<MusicGenerateResult> {
    if (closed) throw new MusicError('The composer is shutting down.');
    if (request.model !== modelName) {
      throw new MusicError(`The composer has no model ${request.model}.`, {
        failure: { kind: 'http', status: 404, retryAfterSeconds: null },
      });
    }
    request.onProgress('composing', 0);
    const arrangement = arrange(request);
    request.onProgress('composing', 1);
    const rendered = await render(arrangement, request);
    const { sampleRate, channels } = { sampleRate: 44_100, channels: 2 };
    return {
      settings: arrangement.settings,
      audio: { sampleRate, channels, samples: rendered.mix },
      stems: rendered.stems.map((stem) => ({
        instrument: stem.instrument,
        audio: { sampleRate, channels, samples: stem.samples },
      })),
      midi: arrangementToMidi(arrangement),
      sections: arrangement.sections.map(({ name, startMs, endMs }) => ({ name, startMs, endMs })),
      composition: arrangement,
    };
  }

  return {
    provider: 'composer',
    models: () => [composerModel],
    generate,
    async close() {
      closed = true;
      const shutting = () => new MusicError('The composer is shutting down.');
      for (const job of queue.splice(0)) job.fail(shutting());
      for (const thread of [...busy, ...idle.splice(0)]) thread.stop(shutting());
    },
  };
}

/** The arrangement a request asks for: a new piece, or one continued from its source's. */
function arrange(request: MusicGenerateRequest): Arrangement {
  const seed = request.settings.seed ?? randomInt(0, MUSIC_SEED_MAX);
  const from = request.from;
  if (!from || from.operation === 'vary') return composeArrangement(request.settings, { seed });
  const parsed = arrangementSchema.safeParse(from.source.composition);
  if (!parsed.success) {
    throw new MusicError('The piece to start from has no arrangement the composer can read.', {
      model: composerModel.id,
    });
  }
  try {
    if (from.operation === 'extend')
      return extendArrangement(parsed.data, from.seconds ?? 15, seed);
    return rewriteSection(parsed.data, from.sectionIndex ?? 0, seed);
  } catch (error) {
    if (error instanceof RangeError)
      throw new MusicError(error.message, { model: composerModel.id });
    throw error;
  }
}
