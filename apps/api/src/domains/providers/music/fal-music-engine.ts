import type { ModelPlan, MusicCapability, ResolvedMusicSettings } from '@studio/contracts';
import {
  MusicError,
  type MusicEngine,
  type MusicGenerateRequest,
  type MusicGenerateResult,
  type MusicModelInfo,
} from './music-engine.ts';
import {
  cloudResult,
  defaultMusicTimeouts,
  MusicCall,
  type MusicTimeouts,
  OpenCalls,
  unsupportedOperation,
} from './music-http.ts';
import { musicPrompt, musicStyleWords, resolveMusicSettings } from './music-prompt.ts';

export const falQueueDefaultBaseUrl = 'https://queue.fal.run';

interface FalMusicApp {
  /** fal's endpoint id. */
  app: string;
  info: Omit<MusicModelInfo, 'plan' | 'sandbox'>;
  sings: boolean;
  /** The request's input, from the resolved settings. */
  input: (settings: ResolvedMusicSettings) => Record<string, unknown>;
  /** Where the result's audio file is. */
  fileField: 'audio' | 'audio_file';
}

const capabilities = (...list: MusicCapability[]) => list;

/**
 * The music apps on fal this engine offers. ACE-Step sings lyrics (`[inst]` keeps it
 * instrumental) from style tags, up to 240 s, and takes a seed; Stable Audio Open makes up to
 * 47 s of instrumental audio from a prompt (fal's app takes no seed).
 */
export const falMusicApps: Record<string, FalMusicApp> = {
  'ace-step': {
    app: 'fal-ai/ace-step',
    info: {
      id: 'fal:ace-step',
      name: 'ACE-Step',
      provider: 'fal',
      quality: 'cloud-ai',
      capabilities: capabilities('settings', 'lyrics', 'instrumental', 'seed'),
      maxDurationSeconds: 240,
    },
    sings: true,
    fileField: 'audio',
    input: (settings) => ({
      tags: [settings.prompt, ...musicStyleWords(settings)].filter((tag) => tag !== '').join(', '),
      lyrics: settings.lyrics ?? '[inst]',
      duration: settings.durationSeconds,
      seed: settings.seed,
    }),
  },
  'stable-audio': {
    app: 'fal-ai/stable-audio',
    info: {
      id: 'fal:stable-audio',
      name: 'Stable Audio Open',
      provider: 'fal',
      quality: 'cloud-ai',
      capabilities: capabilities('settings', 'instrumental'),
      maxDurationSeconds: 47,
    },
    sings: false,
    fileField: 'audio_file',
    input: (settings) => ({
      prompt: musicPrompt(settings),
      seconds_total: settings.durationSeconds,
    }),
  },
};

export interface FalMusicOptions {
  /** https://queue.fal.run */
  queueBaseUrl: string;
  apiKey: string;
  plan: ModelPlan;
  timeouts?: MusicTimeouts;
  /** Between two status polls. */
  pollIntervalMs?: number;
  sandbox?: boolean;
  fetch?: typeof fetch;
}

const service = 'fal';
/** How long a cancellation may take once the generation was stopped. */
const cancelTimeoutMs = 5_000;

interface Submitted {
  status_url: string;
  response_url: string;
  cancel_url: string;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/**
 * fal's queue (`POST {queue}/{app}` with `Authorization: Key …`, then its `status_url` polled
 * until COMPLETED, its `response_url` read, and the audio file it names downloaded). The
 * request's signal, a timeout or close() stops the polling and calls the `cancel_url`, so fal
 * stops (and stops billing) too.
 */
export function createFalMusicEngine(options: FalMusicOptions): MusicEngine {
  const send = options.fetch ?? fetch;
  const base = options.queueBaseUrl.replace(/\/+$/, '');
  const queueOrigin = new URL(base).origin;
  const timeouts = options.timeouts ?? defaultMusicTimeouts;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const calls = new OpenCalls();
  const auth = { authorization: `Key ${options.apiKey}` };
  const infos = Object.values(falMusicApps).map((app): MusicModelInfo => ({
    ...app.info,
    plan: options.plan,
    sandbox: options.sandbox ?? false,
  }));

  /** A URL fal gave, checked to be on its queue's origin: our key goes only there. */
  function queueUrl(call: MusicCall, value: unknown): string {
    if (typeof value !== 'string') throw call.malformed('a queue answer without its URLs');
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw call.malformed('a queue answer with a URL that is not one');
    }
    if (url.origin !== queueOrigin) throw call.malformed('a queue URL on another host');
    return url.href;
  }

  async function getJson(call: MusicCall, url: string): Promise<unknown> {
    const response = await call.send(url, { headers: auth }, true);
    if (!response.ok) {
      await call.discard(response);
      throw call.statusError(response);
    }
    return call.json(response);
  }

  function cancel(url: string): void {
    // Best effort, after the generation was stopped: its own short bound, nothing awaited.
    send(url, { method: 'PUT', headers: auth, signal: AbortSignal.timeout(cancelTimeoutMs) })
      .then((response) => response.body?.cancel())
      .catch(() => {});
  }

  async function run(
    call: MusicCall,
    app: FalMusicApp,
    settings: ResolvedMusicSettings,
    request: MusicGenerateRequest,
  ): Promise<MusicGenerateResult> {
    const submitted = await call.send(
      `${base}/${app.app}`,
      {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(app.input(settings)),
      },
      true,
    );
    if (!submitted.ok) {
      await call.discard(submitted);
      throw call.statusError(submitted);
    }
    const queued = record(await call.json(submitted));
    const urls: Submitted = {
      status_url: queueUrl(call, queued?.status_url),
      response_url: queueUrl(call, queued?.response_url),
      cancel_url: queueUrl(call, queued?.cancel_url),
    };
    request.onProgress('generating', 0);
    let completed = false;
    try {
      for (;;) {
        const status = record(await getJson(call, urls.status_url))?.status;
        if (status === 'COMPLETED') break;
        if (status === 'IN_PROGRESS') request.onProgress('generating', 0.5);
        else if (status !== 'IN_QUEUE') throw call.malformed('a queue status it does not speak');
        await call.pause(pollIntervalMs);
      }
      completed = true;
      const result = record(await getJson(call, urls.response_url));
      const file = record(result?.[app.fileField]);
      if (typeof file?.url !== 'string') throw call.malformed('a result without its audio file');
      let fileUrl: string;
      try {
        fileUrl = new URL(file.url).href;
      } catch {
        throw call.malformed('a result whose audio file has no address');
      }
      request.onProgress('generating', 0.9);
      // fal's files are public on its CDN: the key is not sent with the download.
      const download = await call.send(fileUrl, {}, true);
      if (!download.ok) {
        await call.discard(download);
        throw call.statusError(download);
      }
      const audio = call.wav(await call.bytes(download));
      request.onProgress('generating', 1);
      return cloudResult(settings, audio);
    } catch (error) {
      // Stopped, timed out or failed before fal finished: it is told to stop too.
      if (!completed) cancel(urls.cancel_url);
      throw error;
    }
  }

  async function generate(request: MusicGenerateRequest): Promise<MusicGenerateResult> {
    const app = falMusicApps[request.model];
    if (!app) {
      throw new MusicError(`fal has no music model "${request.model}" here.`, {
        model: request.model,
        failure: { kind: 'http', status: 404, retryAfterSeconds: null },
      });
    }
    const unsupported = unsupportedOperation(service, app.info.name, request.from?.operation);
    if (unsupported) throw unsupported;
    if (request.settings.durationSeconds > app.info.maxDurationSeconds) {
      throw new MusicError(
        `${app.info.name} makes at most ${app.info.maxDurationSeconds} s in one go.`,
        {
          model: request.model,
        },
      );
    }
    const settings = resolveMusicSettings(request.settings, {
      sings: app.sings,
      alwaysInstrumental: !app.sings,
    });
    const call = new MusicCall({
      service,
      model: request.model,
      timeouts,
      signal: request.signal,
      calls,
      fetch: send,
    });
    try {
      return await run(call, app, settings, request);
    } finally {
      call.end();
    }
  }

  return {
    provider: 'fal',
    models: () => infos,
    generate,
    async close() {
      calls.abortAll();
    },
  };
}
