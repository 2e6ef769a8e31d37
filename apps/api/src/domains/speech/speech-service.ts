import type { AudioFormat, Voice } from '@studio/contracts';

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
  voices(): Voice[];
  /** The default voice id per language. */
  defaultVoices(): Record<string, string>;
  /** Rejects with SpeechError (a clear message) when the engine fails or times out. */
  synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<SpeechResult>;
}

/** A failure to speak, with a message fit for the user. */
export class SpeechError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SpeechError';
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    speech: SpeechService;
  }
}
