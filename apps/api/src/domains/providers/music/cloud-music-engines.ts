import type { ModelPlan } from '@studio/contracts';
import type { MusicProviderCredentials } from '../provider-credentials.ts';
import {
  createElevenLabsMusicEngine,
  elevenLabsMusicDefaultBaseUrl,
} from './elevenlabs-music-engine.ts';
import { createFalMusicEngine, falQueueDefaultBaseUrl } from './fal-music-engine.ts';
import type { MusicEngine } from './music-engine.ts';
import type { MusicTimeouts } from './music-http.ts';
import { createStabilityMusicEngine, stabilityDefaultBaseUrl } from './stability-music-engine.ts';

export interface CloudMusicOptions {
  /** The plan the cloud models need ('pro' unless the music configuration says otherwise). */
  plan?: ModelPlan;
  timeouts?: MusicTimeouts;
  /** Between two polls of fal's queue. */
  pollIntervalMs?: number;
  /** The providers' addresses are the app's own sandbox stand-ins. */
  sandbox?: boolean;
  /** Tests: a fetch bound to loopback stand-ins of the providers. */
  fetch?: typeof fetch;
}

/**
 * The cloud music engines that are configured (one per provider with a key), in a fixed order:
 * ElevenLabs, Stability, fal. Their models' ids start with their provider (`elevenlabs:`,
 * `stability:`, `fal:`), so the music registry that takes this list beside the offline composer
 * can route by the prefix.
 */
export function cloudMusicEngines(
  credentials: MusicProviderCredentials,
  options: CloudMusicOptions = {},
): MusicEngine[] {
  const common = {
    plan: options.plan ?? 'pro',
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.sandbox ? { sandbox: true } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const engines: MusicEngine[] = [];
  const { elevenlabs, stability, falQueue } = credentials;
  if (elevenlabs.apiKey) {
    engines.push(
      createElevenLabsMusicEngine({
        ...common,
        apiKey: elevenlabs.apiKey,
        baseUrl: elevenlabs.baseURL ?? elevenLabsMusicDefaultBaseUrl,
      }),
    );
  }
  if (stability.apiKey) {
    engines.push(
      createStabilityMusicEngine({
        ...common,
        apiKey: stability.apiKey,
        baseUrl: stability.baseURL ?? stabilityDefaultBaseUrl,
      }),
    );
  }
  if (falQueue.apiKey) {
    engines.push(
      createFalMusicEngine({
        ...common,
        apiKey: falQueue.apiKey,
        queueBaseUrl: falQueue.baseURL ?? falQueueDefaultBaseUrl,
        ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
      }),
    );
  }
  return engines;
}
