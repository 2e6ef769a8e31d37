import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LanguageCode, RuntimeConfig } from '@studio/contracts';
import { threadSource, type WorkerSource } from '../threads/thread-source.ts';
import {
  prerenderThreadRole,
  type DrawRequest,
  type Prerenderer,
  type PrerenderThreadData,
  type ThreadMessage,
} from './prerender-thread.ts';

/** The prerendering thread, seen from the server: what the renderer draws, and drawing. */
export interface DrawingThread {
  paths: readonly string[];
  scripts: Prerenderer['prerenderScripts'];
  /** The API requests a page reads first (the renderer's prerenderRequests). */
  requestsOf(pathname: string): readonly { endpoint: string; path: string }[];
  /** The page's markup, drawn in the thread. */
  draw(
    pathname: string,
    language: LanguageCode,
    config: RuntimeConfig,
    answers: Record<string, unknown>,
  ): Promise<string>;
  /** Ends the thread (pages still being drawn fail). */
  close(): Promise<void>;
}

let live = 0;

/** Prerendering threads alive now (for tests: the thread ends once every page is drawn). */
export const liveDrawingThreads = (): number => live;

/**
 * prerender-worker.js beside the bundled server, or prerender-thread.ts through tsx (the built
 * renderer loaded first, as Node loads it).
 */
function defaultPrerenderThread(rendererUrl: string): WorkerSource {
  return threadSource(
    new URL('./prerender-worker.js', import.meta.url),
    new URL('./prerender-thread.ts', import.meta.url).href,
    [rendererUrl],
  );
}

/**
 * Starts the prerendering thread on the built renderer (`rendererFile`) and waits until the
 * renderer has loaded there. Why a thread: prerender-thread.ts.
 */
export async function startDrawingThread(rendererFile: string): Promise<DrawingThread> {
  const rendererUrl = pathToFileURL(rendererFile).href;
  const workerData: PrerenderThreadData = { role: prerenderThreadRole, rendererUrl };
  const thread = defaultPrerenderThread(rendererUrl);
  const worker = new Worker(thread.code, {
    eval: thread.eval,
    workerData,
    // React picks its production build by NODE_ENV; the thread needs nothing else of ours.
    env: { NODE_ENV: process.env['NODE_ENV'] ?? 'development' },
  });
  // Drawing must not keep a server that is shutting down alive.
  worker.unref();
  live += 1;
  worker.once('exit', () => {
    live -= 1;
  });
  const pending = new Map<
    number,
    { resolve: (html: string) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  let ended: Error | null = null;
  const failAll = (error: Error) => {
    ended ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const ready = new Promise<Extract<ThreadMessage, { type: 'ready' }>>((resolve, reject) => {
    worker.on('message', (message: ThreadMessage) => {
      if (message.type === 'ready') return resolve(message);
      if (message.type === 'load-failed') return reject(new Error(message.message));
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.type === 'drawn') waiting.resolve(message.html);
      else waiting.reject(new Error(message.message));
    });
    worker.on('error', (error) => {
      reject(error);
      failAll(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`the prerendering thread ended (exit code ${code})`);
      reject(error);
      failAll(error);
    });
  });
  let loaded: Extract<ThreadMessage, { type: 'ready' }>;
  try {
    loaded = await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  return {
    paths: loaded.paths,
    scripts: loaded.scripts,
    requestsOf: (pathname) => loaded.requests[pathname] ?? [],
    draw(pathname, language, config, answers) {
      if (ended) return Promise.reject(ended);
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, pathname, language, config, answers } satisfies DrawRequest);
      });
    },
    async close() {
      failAll(new Error('the prerendering thread was closed'));
      await worker.terminate();
    },
  };
}
