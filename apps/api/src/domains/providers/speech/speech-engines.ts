import type { CatalogueModel } from '../catalogue/model-catalogue.ts';
import { createEspeakEngine, espeakEngineName } from './espeak-engine.ts';
import { createOpenAiSpeechEngine } from './openai-speech-engine.ts';
import { silentEngine } from './silent-engine.ts';
import type { SpeechCapability, SpeechEngine, SpeechEngineName } from './speech-engine.ts';

/** Each eSpeak NG worker keeps a core busy for the length of a reply. */
const espeakConcurrency = 2;
const espeakMaxQueue = 32;

/** What the engine SPEECH_ENGINE names is made with (the tool's configuration holds it). */
export interface SpeechEngineSettings {
  engine: SpeechEngineName;
  /** openai: up to and including /v1. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export interface SpeechEngineOptions {
  /** Tests: an eSpeak NG worker stand-in. */
  espeakWorkerPath?: string;
  /** Tests: a fetch bound to a fake upstream. */
  fetch?: typeof fetch;
}

/** The speech engine SPEECH_ENGINE names. */
export function createSpeechEngine(
  settings: SpeechEngineSettings,
  options: SpeechEngineOptions = {},
): SpeechEngine {
  switch (settings.engine) {
    case 'espeak':
      return createEspeakEngine({
        ...(options.espeakWorkerPath ? { workerPath: options.espeakWorkerPath } : {}),
        timeoutMs: settings.timeoutMs,
        concurrency: espeakConcurrency,
        maxQueue: espeakMaxQueue,
      });
    case 'openai':
      return createOpenAiSpeechEngine({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        model: settings.model,
        timeoutMs: settings.timeoutMs,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    case 'none':
      return silentEngine;
  }
}

/**
 * The engine as the catalogue lists it: spoken replies are open to every plan (billing's
 * entitlements say so), and no engine is a sandbox stand-in (eSpeak NG is embedded and real).
 */
export function speechModels(
  settings: Pick<SpeechEngineSettings, 'engine' | 'model'>,
): CatalogueModel<SpeechEngineName, SpeechCapability>[] {
  switch (settings.engine) {
    case 'espeak':
      return [
        {
          id: espeakEngineName,
          name: 'eSpeak NG',
          provider: 'espeak',
          capabilities: ['speed', 'pitch'],
          plan: 'free',
        },
      ];
    case 'openai':
      // That API has no pitch.
      return [
        {
          id: settings.model,
          name: settings.model,
          provider: 'openai',
          capabilities: ['speed'],
          plan: 'free',
        },
      ];
    case 'none':
      return [];
  }
}
