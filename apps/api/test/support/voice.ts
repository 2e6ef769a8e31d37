import type { Voice, VoiceCatalogueResponse, VoiceSynthesisJob } from '@studio/contracts';
import { expect, vi } from 'vitest';
import type { App } from '../../src/app.ts';
import {
  type SpeechRequest,
  SpeechError,
} from '../../src/domains/providers/speech/speech-engine.ts';
import { writeWav } from '../../src/domains/providers/speech/wav.ts';
import type { SpeechService } from '../../src/domains/speech/speech-service.ts';
import { type Caller, send } from './images.ts';

/**
 * The voice tool's test app: small allowances, so the limits are reached in a few requests.
 */
export const voiceTestEnv = {
  VOICE_DAILY_LIMIT_VISITOR: '600',
  VOICE_DAILY_LIMIT_FREE: '1500',
  VOICE_DAILY_LIMIT_PRO: '100000',
  VOICE_DAILY_LIMIT_PER_ADDRESS: '5000',
  VOICE_REQUEST_LIMIT_VISITOR: '300',
  VOICE_REQUEST_LIMIT_FREE: '1000',
  RATE_LIMIT_API_MAX: '100000',
};

const baseVoice = {
  engine: 'Sine',
  provider: 'sandbox',
  quality: 'offline-robotic',
  sandbox: true,
} as const;

/** The stand-in's voices: English and Vietnamese, one for Pro only, one that takes instructions. */
const sineVoices: Voice[] = [
  {
    ...baseVoice,
    id: 'sine:en',
    name: 'Sine English',
    language: 'en',
    plan: 'free',
    capabilities: ['speed', 'pitch'],
  },
  {
    ...baseVoice,
    id: 'sine:vi',
    name: 'Sine tiếng Việt',
    language: 'vi',
    plan: 'free',
    capabilities: ['speed', 'pitch'],
  },
  {
    ...baseVoice,
    id: 'sine:pro',
    name: 'Sine Pro',
    language: 'en',
    plan: 'pro',
    capabilities: ['speed', 'pitch'],
  },
  {
    ...baseVoice,
    id: 'sine:any',
    name: 'Sine any language',
    language: 'mul',
    plan: 'free',
    capabilities: ['speed', 'instructions'],
    quality: 'cloud-neural',
  },
];

/** How long the stand-in speaks a character: a 10-character sentence lasts 0.5 s. */
export const sineSecondsPerCharacter = 0.05;
export const sineSampleRate = 16_000;

/**
 * A fast speech service that returns real audio: a sine WAV whose length follows the text (so
 * a clip's duration can be checked) and whose pitch follows the voice. Each call can be held
 * until released (to poll parts while the job runs) or made to fail with a SpeechError.
 */
export function sineSpeech() {
  const requests: SpeechRequest[] = [];
  const failures: SpeechError[] = [];
  let holdAt: number | null = null;
  let releaseHeld: (() => void) | null = null;
  let markReached: () => void = () => undefined;
  let reached = Promise.resolve();

  const service: SpeechService = {
    model: 'sine',
    voices: () => sineVoices,
    defaultVoices: () => ({ en: 'sine:en', vi: 'sine:vi' }),
    async synthesize(request, signal) {
      requests.push(request);
      if (holdAt !== null && requests.length === holdAt) {
        holdAt = null;
        await new Promise<void>((resolve, reject) => {
          releaseHeld = resolve;
          signal?.addEventListener(
            'abort',
            () => reject(new SpeechError('Speaking was cancelled.')),
            { once: true },
          );
          markReached();
        });
      }
      const failure = failures.shift();
      if (failure) throw failure;
      const hz = request.voice === 'sine:vi' ? 330 : 220;
      const samples = new Int16Array(
        Math.round(request.text.length * sineSecondsPerCharacter * sineSampleRate),
      );
      for (let index = 0; index < samples.length; index += 1) {
        samples[index] = Math.round(8000 * Math.sin((2 * Math.PI * hz * index) / sineSampleRate));
      }
      return {
        audio: writeWav({ sampleRate: sineSampleRate, channels: 1, samples }),
        mimeType: 'audio/wav',
        format: 'wav',
        voice: request.voice ?? 'sine:en',
      };
    },
  };
  return {
    service,
    requests,
    /** The next call fails with this error. */
    failNext(error: SpeechError) {
      failures.push(error);
    },
    /** Call number `call` (1-based, counted from now) waits until `release()`; resolves once it waits. */
    holdCall(call: number): Promise<void> {
      holdAt = requests.length + call;
      reached = new Promise<void>((resolve) => {
        markReached = resolve;
      });
      return reached;
    },
    release() {
      const release = releaseHeld;
      releaseHeld = null;
      release?.();
    },
  };
}

/** GET /api/voice/voices as the caller. */
export async function catalogueOf(app: App, caller: Caller): Promise<VoiceCatalogueResponse> {
  const response = await send(app, caller, 'GET', '/api/voice/voices');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VoiceCatalogueResponse>();
}

/** A voice of the catalogue by what it is (never by a literal id). */
export function voiceWhere(
  catalogue: VoiceCatalogueResponse,
  accept: (voice: Voice) => boolean,
): Voice {
  const voice = catalogue.voices.find(accept);
  if (!voice) throw new Error('the catalogue has no such voice');
  return voice;
}

/** Starts a synthesis and answers its job, checked to be accepted. */
export async function startSynthesis(app: App, caller: Caller, request: Record<string, unknown>) {
  const response = await send(app, caller, 'POST', '/api/voice/syntheses', request);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<VoiceSynthesisJob>();
}

/** The caller's voice job once it has ended (or reached one of `states`). */
export async function voiceJobWhen(
  app: App,
  caller: Caller,
  jobId: string,
  states: VoiceSynthesisJob['state'][] = ['completed', 'failed', 'cancelled'],
  timeout = 20_000,
): Promise<VoiceSynthesisJob> {
  return vi.waitFor(
    async () => {
      const response = await send(app, caller, 'GET', `/api/jobs/${jobId}`);
      expect(response.statusCode, response.body).toBe(200);
      const job = response.json<VoiceSynthesisJob>();
      expect(states).toContain(job.state);
      return job;
    },
    { timeout, interval: 25 },
  );
}

/** A text of `sentences` sentences of about `length` characters each. */
export function sentencesOf(count: number, words = 'The quick brown fox jumps') {
  return Array.from({ length: count }, (_, index) => `${words} number ${index + 1}.`).join(' ');
}
