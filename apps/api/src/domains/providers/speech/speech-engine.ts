import type { AudioFormat, Voice, VoiceCapability } from '@studio/contracts';
import type { ProviderFailure } from '../provider-failure.ts';
import { detectLanguage } from './language.ts';

/**
 * The speech adapter's interface: every engine (Flite and eSpeak NG embedded, an
 * OpenAI-compatible service, the cloud providers) takes the same request and answers the same
 * way, or fails with a SpeechError. The registry (speech-registry.ts) is one too: it speaks
 * through all of them, by the voice's provider.
 */

/**
 * What SPEECH_ENGINE may say (domains/speech/create-speech-service.ts assembles the engines):
 * `offline` Flite and eSpeak NG (the default), `espeak` eSpeak NG alone (as before Flite came),
 * `openai` the OpenAI-compatible service first with the offline engines beside it, `none` silence.
 */
export const speechEngineNames = ['offline', 'espeak', 'openai', 'none'] as const;
export type SpeechEngineName = (typeof speechEngineNames)[number];

/** What a voice can be asked beyond its text (speed, pitch, instructions). */
export type SpeechCapability = VoiceCapability;

export interface SpeechRequest {
  text: string;
  /** en or vi; null picks one from the text (Vietnamese letters mean vi). */
  language: 'en' | 'vi' | null;
  /** A voice id from voices(); null takes the language's default. */
  voice: string | null;
  format: AudioFormat;
  /** 0.5–2, 1 is normal. */
  speed: number;
  /** 0.5–2, 1 is the voice's own pitch. */
  pitch: number;
  /**
   * How to speak (tone, accent), for voices with the `instructions` capability; the registry
   * passes it only to those, and the voice tool refuses it for any other voice.
   */
  instructions?: string | null;
}

export interface SpeechResult {
  audio: Buffer;
  mimeType: string;
  format: AudioFormat;
  /** The voice that spoke. */
  voice: string;
}

/** One way of speaking (Flite, eSpeak NG, an OpenAI-compatible service), which can be shut. */
export interface SpeechEngine {
  /** What speaks, for the log and the catalogue: the service's model (SPEECH_MODEL), `flite`, `espeak-ng`, `none`. */
  readonly model: string;
  /** How the catalogue names it (`Flite`, `eSpeak NG`); the model when absent. */
  readonly name?: string;
  /** Each voice's id is `<provider>:<its own name>`, unique across engines. */
  voices(): Voice[];
  /** The default voice id per language. */
  defaultVoices(): Record<string, string>;
  /** Rejects with SpeechError (a clear message) when the engine fails or times out. */
  synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechResult>;
  /** Stops work in progress (queued and running requests reject) and frees what the engine holds. */
  close(): Promise<void>;
}

/**
 * A failure to speak, with a message of our own words (never what a speech service said: its
 * error body may quote the text it was asked to speak) and the failure's kind and status for
 * the log (provider-failure.ts). Without one it is the engine's own failure.
 */
export class SpeechError extends Error {
  readonly failure: ProviderFailure;
  /** The engine that failed (its `model`), for the log; the registry fills it in when routing. */
  model: string | null;

  constructor(
    message: string,
    options?: ErrorOptions & { failure?: ProviderFailure; model?: string },
  ) {
    super(message, options);
    this.name = 'SpeechError';
    this.failure = options?.failure ?? { kind: 'engine', status: null, retryAfterSeconds: null };
    this.model = options?.model ?? null;
  }
}

/** The same words for a voice nobody has, wherever it is looked up. */
export function unknownVoiceError(voice: string): SpeechError {
  return new SpeechError(`There is no voice "${voice}"; choose one of the listed voices.`);
}

/** The request's voice when the engine has it; else the default for the (detected) language. */
export function chooseVoice(
  voices: readonly Voice[],
  defaults: Record<string, string>,
  request: Pick<SpeechRequest, 'voice' | 'language' | 'text'>,
): string {
  if (request.voice) {
    if (!voices.some((voice) => voice.id === request.voice)) throw unknownVoiceError(request.voice);
    return request.voice;
  }
  const language = request.language ?? detectLanguage(request.text);
  const voice = defaults[language] ?? Object.values(defaults)[0];
  if (!voice) throw new SpeechError('Spoken replies have no voice configured.');
  return voice;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export const mimeTypes = { mp3: 'audio/mpeg', wav: 'audio/wav' } as const;
