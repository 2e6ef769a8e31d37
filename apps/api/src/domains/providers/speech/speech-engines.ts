import { createEspeakEngine } from './espeak-engine.ts';
import { createFliteEngine } from './flite-engine.ts';
import { createOpenAiSpeechEngine } from './openai-speech-engine.ts';
import type { SpeechEngine } from './speech-engine.ts';

/**
 * Each engine made with its bounds; which of them a server speaks with is the speech tool's
 * choice (domains/speech/create-speech-service.ts, SPEECH_ENGINE), and the registry
 * (speech-registry.ts) joins them.
 */

/** Each eSpeak NG worker process keeps a core busy for the length of a reply. */
const espeakConcurrency = 2;
const espeakMaxQueue = 32;
/** Each Flite worker thread holds its compiled module (about 50 MB idle, measured) and a core while it speaks. */
const fliteConcurrency = 2;
const fliteMaxQueue = 32;

export interface SpeechEngineOptions {
  /** Tests: an eSpeak NG worker stand-in. */
  espeakWorkerPath?: string;
  /** Tests: a Flite worker-thread stand-in. */
  fliteWorkerPath?: string;
  /** Tests: a fetch bound to a fake upstream. */
  fetch?: typeof fetch;
}

/** Flite (English, offline, natural): worker threads in this process. */
export function createFliteSpeech(timeoutMs: number, options: SpeechEngineOptions = {}) {
  return createFliteEngine({
    ...(options.fliteWorkerPath ? { workerPath: options.fliteWorkerPath } : {}),
    timeoutMs,
    concurrency: fliteConcurrency,
    maxQueue: fliteMaxQueue,
  });
}

/** eSpeak NG (English and Vietnamese, offline, robotic): a process per request (GPL, kept apart). */
export function createEspeakSpeech(timeoutMs: number, options: SpeechEngineOptions = {}) {
  return createEspeakEngine({
    ...(options.espeakWorkerPath ? { workerPath: options.espeakWorkerPath } : {}),
    timeoutMs,
    concurrency: espeakConcurrency,
    maxQueue: espeakMaxQueue,
  });
}

/** What an OpenAI-compatible /v1/audio/speech service is reached with. */
export interface OpenAiSpeechSettings {
  /** Up to and including /v1. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

/** An OpenAI-compatible /v1/audio/speech service (OpenAI, Kokoro-FastAPI, LocalAI…). */
export function createOpenAiCompatibleSpeech(
  settings: OpenAiSpeechSettings,
  options: SpeechEngineOptions = {},
): SpeechEngine {
  return createOpenAiSpeechEngine({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    model: settings.model,
    timeoutMs: settings.timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
