/**
 * The prerendering thread: drawPagesInThread (prerender-host.ts) starts it with the built
 * renderer's URL and asks for one page at a time. Why a thread: React's server renderer keeps an
 * AsyncLocalStorage, and the first page it draws switches on Node's promise hooks for the whole
 * process, for good; every promise the API made afterwards paid for them (a third more CPU per
 * chat reply under load in production, measured with `npm run bench:chat-load`). Here they
 * stay in this thread, which ends once every page is drawn.
 *
 * It answers first { type: 'ready', paths, scripts, requests } (what the renderer exports, each
 * page's first API requests included), then { id, type: 'drawn', html } or
 * { id, type: 'failed', message } for each { id, pathname, language, config, answers }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { LanguageCode, RuntimeConfig } from '@studio/contracts';

/** What the host passes as workerData, so the module does nothing when imported elsewhere. */
export const prerenderThreadRole = 'studio-prerender';

export interface PrerenderThreadData {
  role: typeof prerenderThreadRole;
  /** The built renderer (apps/web/dist/.server/prerender.js) as a file URL. */
  rendererUrl: string;
}

/** The built renderer's exports (apps/web/src/prerender/render.tsx). */
export interface Prerenderer {
  prerenderedPaths: readonly string[];
  /** The page's inline scripts: in its head, and after the picture. */
  prerenderScripts: { boot: string; layout: string };
  /** The API requests a page reads first, by the name the renderer takes their answers under. */
  prerenderRequests(path: string): { endpoint: string; path: string }[];
  prerenderPage(
    path: string,
    language: LanguageCode,
    config: RuntimeConfig,
    answers: Record<string, unknown>,
  ): Promise<{ html: string }>;
}

export interface DrawRequest {
  id: number;
  pathname: string;
  language: LanguageCode;
  config: RuntimeConfig;
  answers: Record<string, unknown>;
}

export type ThreadMessage =
  | {
      type: 'ready';
      paths: string[];
      scripts: Prerenderer['prerenderScripts'];
      requests: Record<string, { endpoint: string; path: string }[]>;
    }
  | { type: 'load-failed'; message: string }
  | { id: number; type: 'drawn'; html: string }
  | { id: number; type: 'failed'; message: string };

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const port = parentPort;
const data = workerData as Partial<PrerenderThreadData> | undefined;
if (port && data?.role === prerenderThreadRole && data.rendererUrl) {
  const send = (message: ThreadMessage) => port.postMessage(message);
  void (import(data.rendererUrl) as Promise<Prerenderer>).then(
    (renderer) => {
      port.on('message', (request: DrawRequest) => {
        renderer
          .prerenderPage(request.pathname, request.language, request.config, request.answers)
          .then(
            ({ html }) => send({ id: request.id, type: 'drawn', html }),
            (error: unknown) => send({ id: request.id, type: 'failed', message: describe(error) }),
          );
      });
      const paths = [...renderer.prerenderedPaths];
      send({
        type: 'ready',
        paths,
        scripts: renderer.prerenderScripts,
        requests: Object.fromEntries(paths.map((path) => [path, renderer.prerenderRequests(path)])),
      });
    },
    (error: unknown) => send({ type: 'load-failed', message: describe(error) }),
  );
}
