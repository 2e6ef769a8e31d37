import type { AudioFormat, Voice } from '@studio/contracts';
import type { ProviderFailure } from '../providers/provider-failure.ts';

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
}

export interface SpeechResult {
  audio: Buffer;
  mimeType: string;
  format: AudioFormat;
  /** The voice that spoke. */
  voice: string;
}

/**
 * Spoken replies (plugins/app/speech.ts decorates the app with one): engines behind one interface,
 * the embedded offline eSpeak NG by default or an OpenAI-compatible /v1/audio/speech service.
 */
export interface SpeechService {
  /** What speaks, for the log: the service's model (SPEECH_MODEL), `espeak-ng` or `none`. */
  readonly model: string;
  voices(): Voice[];
  /** The default voice id per language. */
  defaultVoices(): Record<string, string>;
  /** Rejects with SpeechError (a clear message) when the engine fails or times out. */
  synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechResult>;
}

/**
 * A failure to speak, with a message of our own words (never what a speech service said: its
 * error body may quote the text it was asked to speak) and the failure's kind and status for
 * the log (providers/provider-failure.ts). Without one it is the engine's own failure.
 */
export class SpeechError extends Error {
  readonly failure: ProviderFailure;

  constructor(message: string, options?: ErrorOptions & { failure?: ProviderFailure }) {
    super(message, options);
    this.name = 'SpeechError';
    this.failure = options?.failure ?? { kind: 'engine', status: null, retryAfterSeconds: null };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    speech: SpeechService;
  }
}
