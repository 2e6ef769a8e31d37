/**
 * readDocument in a worker thread with a memory limit (V8's old generation) and a time limit: a
 * thread that runs out of either is terminated and the call fails with 'out-of-memory' or
 * 'timeout'; an abort ends it too ('cancelled'). A thread that finished is kept, unreferenced, for
 * the next call with the same limits.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DocumentError, isDocumentErrorCode } from '../safety/document-error.ts';
import type { ReadOptions, ReadResult } from './read-result.ts';
import type { ReadReply, ReadRequest } from './read-worker.ts';

/** What the reading thread expects as workerData (read-worker.ts). */
const workerRole = 'studio-documents-read';

/** How to start the thread: a file to run, or code to evaluate (`eval`). */
export interface WorkerSource {
  code: string;
  eval: boolean;
}

/**
 * The reading thread: documents-worker.js beside the running bundle (apps/api/scripts/bundle.mjs
 * builds it beside server.js, where this module is bundled in), or, from the sources, read-worker.ts
 * loaded through tsx.
 */
export function defaultDocumentWorker(): WorkerSource {
  const bundled = fileURLToPath(new URL('./documents-worker.js', import.meta.url));
  if (existsSync(bundled)) return { code: bundled, eval: false };
  // From the sources (tests, development): the TypeScript module through tsx's loader, as the
  // composer's render thread is started.
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./read-worker.ts', import.meta.url).href;
  return {
    code: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
    eval: true,
  };
}

export interface WorkerReadOptions extends ReadOptions {
  /** The whole read, the thread's start included; 60 s by default. */
  timeoutMs?: number;
  /** The thread's heap (V8 old generation); 512 MB by default. */
  maxMemoryMb?: number;
  worker?: WorkerSource;
}

const idle = new Map<string, Worker[]>();
const maxIdlePerKind = 2;
let live = 0;
let nextId = 1;

/** Threads alive now, busy or idle (for health checks and tests). */
export const liveDocumentWorkers = (): number => live;

function startWorker(source: WorkerSource, maxMemoryMb: number): Worker {
  const worker = new Worker(source.code, {
    eval: source.eval,
    workerData: workerRole,
    // Nothing of the caller's environment: the thread needs none of it.
    env: {},
    resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb, maxYoungGenerationSizeMb: 64 },
  });
  live += 1;
  worker.once('exit', () => {
    live -= 1;
  });
  return worker;
}

function takeIdle(key: string): Worker | undefined {
  return idle.get(key)?.pop();
}

function keepIdle(key: string, worker: Worker): void {
  const list = idle.get(key) ?? [];
  if (list.length >= maxIdlePerKind) {
    void worker.terminate();
    return;
  }
  worker.unref();
  list.push(worker);
  idle.set(key, list);
  // An idle thread that dies (it should not) leaves the list.
  worker.once('exit', () => {
    const index = list.indexOf(worker);
    if (index >= 0) list.splice(index, 1);
  });
}

/** Ends the idle threads (a server shutting down, a test's end). */
export async function closeDocumentWorkers(): Promise<void> {
  const workers = [...idle.values()].flat();
  idle.clear();
  await Promise.all(workers.map((worker) => worker.terminate()));
}

export function readDocumentInWorker(
  bytes: Uint8Array,
  options: WorkerReadOptions = {},
  signal?: AbortSignal,
): Promise<ReadResult> {
  const {
    timeoutMs = 60_000,
    maxMemoryMb = 512,
    worker: source = defaultDocumentWorker(),
    ...read
  } = options;
  if (signal?.aborted) {
    return Promise.reject(new DocumentError('cancelled', 'Reading the file was cancelled.'));
  }
  const key = `${maxMemoryMb}\u0000${source.eval}\u0000${source.code}`;
  const worker = takeIdle(key) ?? startWorker(source, maxMemoryMb);
  const id = nextId;
  nextId += 1;

  return new Promise<ReadResult>((resolve, reject) => {
    let settled = false;
    const finish = (keep: boolean, settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keep) keepIdle(key, worker);
      else void worker.terminate();
      settle();
    };
    const onMessage = (reply: ReadReply) => {
      if (reply.id !== id) return;
      if (reply.type === 'done') finish(true, () => resolve(reply.result));
      else {
        const code = isDocumentErrorCode(reply.code) ? reply.code : 'malformed';
        finish(true, () => reject(new DocumentError(code, reply.message)));
      }
    };
    const onError = (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(false, () =>
        reject(
          outOfMemory
            ? new DocumentError(
                'out-of-memory',
                `Reading the file took more than the ${maxMemoryMb} MB of memory allowed.`,
                { cause: error },
              )
            : new DocumentError('malformed', 'The reader stopped unexpectedly on this file.', {
                cause: error,
              }),
        ),
      );
    };
    const onExit = (code: number) =>
      finish(false, () =>
        reject(
          new DocumentError('malformed', `The reader stopped unexpectedly (exit code ${code}).`),
        ),
      );
    const onAbort = () =>
      finish(false, () =>
        reject(new DocumentError('cancelled', 'Reading the file was cancelled.')),
      );
    const timer = setTimeout(
      () =>
        finish(false, () =>
          reject(
            new DocumentError(
              'timeout',
              `Reading the file took longer than ${Math.round(timeoutMs / 1000)} s.`,
            ),
          ),
        ),
      timeoutMs,
    );
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.ref();
    worker.postMessage({ id, bytes, options: read } satisfies ReadRequest);
  });
}
