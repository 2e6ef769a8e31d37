import type { ModelPlan } from '@studio/contracts';
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
import { musicPrompt, resolveMusicSettings } from './music-prompt.ts';

export const stabilityDefaultBaseUrl = 'https://api.stability.ai';
/**
 * The model behind `/v2beta/audio/stable-audio-2/text-to-audio`: Stable Audio 2.5, up to 190 s
 * in one go (Stable Audio Open, 47 s, is offered through fal instead).
 */
export const stabilityMusicModel = 'stable-audio-2.5';
const maxSeconds = 190;
/** Stability's seed range (0 means "pick one", which the resolver never sends unasked). */
const maxSeed = 4_294_967_294;

export interface StabilityMusicOptions {
  /** https://api.stability.ai */
  baseUrl: string;
  apiKey: string;
  plan: ModelPlan;
  timeouts?: MusicTimeouts;
  sandbox?: boolean;
  fetch?: typeof fetch;
}

const service = 'Stability';

/** Stability's content moderation answers 403 `{name: "content_moderation"}`: a refusal, not a bad key. */
function isModeration(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { name?: unknown }).name === 'content_moderation'
  );
}

/**
 * Stability's Stable Audio (`POST /v2beta/audio/stable-audio-2/text-to-audio`, multipart, key as
 * a Bearer token): the settings as words in the prompt, `duration`, `seed`, WAV out. It makes
 * instrumental music only (no lyrics); the same seed and prompt give the same piece.
 */
export function createStabilityMusicEngine(options: StabilityMusicOptions): MusicEngine {
  const send = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeouts = options.timeouts ?? defaultMusicTimeouts;
  const calls = new OpenCalls();
  const info: MusicModelInfo = {
    id: `stability:${stabilityMusicModel}`,
    name: 'Stable Audio 2.5',
    provider: 'stability',
    quality: 'cloud-ai',
    capabilities: ['settings', 'instrumental', 'seed'],
    maxDurationSeconds: maxSeconds,
    plan: options.plan,
    sandbox: options.sandbox ?? false,
  };

  async function generate(request: MusicGenerateRequest): Promise<MusicGenerateResult> {
    const unsupported = unsupportedOperation(service, info.name, request.from?.operation);
    if (unsupported) throw unsupported;
    if (request.settings.durationSeconds > maxSeconds) {
      throw new MusicError(`${info.name} makes at most ${maxSeconds} s in one go.`, {
        model: request.model,
      });
    }
    const settings = resolveMusicSettings(request.settings, {
      sings: false,
      alwaysInstrumental: true,
    });
    const form = new FormData();
    form.append('prompt', musicPrompt(settings));
    form.append('duration', String(settings.durationSeconds));
    form.append('seed', String(Math.min(settings.seed, maxSeed)));
    form.append('model', stabilityMusicModel);
    form.append('output_format', 'wav');
    const call = new MusicCall({
      service,
      model: request.model,
      timeouts,
      signal: request.signal,
      calls,
      fetch: send,
    });
    try {
      request.onProgress('generating', 0);
      const response = await call.send(
        `${base}/v2beta/audio/stable-audio-2/text-to-audio`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, accept: 'audio/*' },
          body: form,
        },
        false,
      );
      if (response.status === 403) {
        // Read only to tell moderation from a bad key: never logged or shown.
        if (isModeration(await call.json(response).catch(() => null))) {
          throw call.refusal(403, null);
        }
        throw call.statusError(response);
      }
      if (!response.ok) {
        await call.discard(response);
        throw call.statusError(response);
      }
      const audio = call.wav(await call.bytes(response));
      request.onProgress('generating', 1);
      return cloudResult(settings, audio);
    } finally {
      call.end();
    }
  }

  return {
    provider: 'stability',
    models: () => [info],
    generate,
    async close() {
      calls.abortAll();
    },
  };
}
