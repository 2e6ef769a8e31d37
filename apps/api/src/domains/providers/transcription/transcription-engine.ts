import type { ProviderFailure } from '../provider-failure.ts';

/**
 * The speech-to-text adapter's interface: every engine (an OpenAI-compatible service today; an
 * offline Whisper later) takes a recording and answers its words, or fails with a
 * TranscriptionError.
 */

export type TranscriptionLanguage = 'en' | 'vi';

export interface TranscriptionRequest {
  audio: Buffer;
  /** The recording's type as the browser or the file said: audio/webm, audio/ogg, audio/wav… */
  mimeType: string;
  /** The language spoken, when known; null lets the engine tell. */
  language: TranscriptionLanguage | null;
}

export interface TranscriptionResult {
  /** What was said (trimmed; empty when nothing was). */
  text: string;
  /** The language asked for, else the one the service reports, else the one the words show. */
  language: TranscriptionLanguage | null;
  /** The recording's length, when the service or the file says (null when neither does). */
  durationMs: number | null;
}

export interface TranscriptionEngine {
  /** What transcribes, for the log: the service's model. */
  readonly model: string;
  /** Rejects with TranscriptionError (a clear message) when the engine fails or times out. */
  transcribe(request: TranscriptionRequest, signal?: AbortSignal): Promise<TranscriptionResult>;
  /** Stops the calls in progress. */
  close(): Promise<void>;
}

/**
 * A failure to transcribe, in our own words (never the service's: its error body may quote the
 * recording's words), with the failure's kind and status for the log (provider-failure.ts).
 */
export class TranscriptionError extends Error {
  readonly failure: ProviderFailure;

  constructor(message: string, options?: ErrorOptions & { failure?: ProviderFailure }) {
    super(message, options);
    this.name = 'TranscriptionError';
    this.failure = options?.failure ?? { kind: 'engine', status: null, retryAfterSeconds: null };
  }
}
