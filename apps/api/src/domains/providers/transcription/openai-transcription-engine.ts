import { failureOfStatus, type ProviderFailure, retryHintOf } from '../provider-failure.ts';
import { detectLanguage } from '../speech/language.ts';
import { parseWav, WavFormatError } from '../speech/wav.ts';
import {
  type TranscriptionEngine,
  TranscriptionError,
  type TranscriptionLanguage,
  type TranscriptionRequest,
  type TranscriptionResult,
} from './transcription-engine.ts';

/** OpenAI's limit for one file; self-hosted servers take at least as much as we send. */
export const maxTranscriptionBytes = 25 * 1024 * 1024;

/** The file name each type is sent under: servers look at the extension to pick a decoder. */
const extensions: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mp4': 'm4a',
  'audio/m4a': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'm4a',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
};

/** `audio/webm;codecs=opus` → `audio/webm`. */
const baseType = (mimeType: string) => mimeType.split(';')[0]?.trim().toLowerCase() ?? '';

export interface OpenAiTranscriptionOptions {
  /** Up to and including /v1 (OpenAI, Speaches, LocalAI, whisper.cpp's server started with
   * `--inference-path /v1/audio/transcriptions`). */
  baseUrl: string;
  apiKey: string | null;
  /** whisper-1, gpt-4o-transcribe, gpt-4o-mini-transcribe, or the server's (Systran/faster-whisper-small). */
  model: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const failure = (kind: ProviderFailure['kind']): ProviderFailure => ({
  kind,
  status: null,
  retryAfterSeconds: null,
});

/** Whisper reports languages by name in verbose answers ("vietnamese") and by code elsewhere. */
function languageOf(reported: unknown): TranscriptionLanguage | null {
  if (typeof reported !== 'string') return null;
  const value = reported.trim().toLowerCase();
  if (value === 'en' || value === 'english' || value.startsWith('en-')) return 'en';
  if (value === 'vi' || value === 'vietnamese' || value.startsWith('vi-')) return 'vi';
  return null;
}

/** The recording's length from the answer (`duration`, or `usage.seconds`), else from a WAV. */
function durationOf(answer: Record<string, unknown>, request: TranscriptionRequest): number | null {
  const usage = answer.usage as { type?: unknown; seconds?: unknown } | undefined;
  const seconds =
    typeof answer.duration === 'number'
      ? answer.duration
      : usage?.type === 'duration' && typeof usage.seconds === 'number'
        ? usage.seconds
        : null;
  if (seconds !== null && Number.isFinite(seconds) && seconds >= 0) {
    return Math.round(seconds * 1000);
  }
  if (request.audio.toString('ascii', 0, 4) === 'RIFF') {
    try {
      const pcm = parseWav(request.audio);
      return Math.round((pcm.samples.length / pcm.channels / pcm.sampleRate) * 1000);
    } catch (error) {
      if (!(error instanceof WavFormatError)) throw error;
    }
  }
  return null;
}

function statusError(response: Response): TranscriptionError {
  const status = response.status;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const retryAfterSeconds =
    status === 429 || status === 503 ? retryHintOf(headers, undefined, new Date()) : null;
  const mapped = { ...failureOfStatus(status), retryAfterSeconds };
  let message = `The transcription service answered ${status}.`;
  if (status === 401 || status === 403) {
    message = `The transcription service refused the server's key (${status}); the operator must check it.`;
  } else if (status === 429) {
    message =
      'The transcription service is receiving too many requests (429); try again in a moment.';
  } else if (status === 413) {
    message = 'The recording is too large for the transcription service.';
  } else if (status === 400 || status === 415) {
    message = `The transcription service could not read the recording (${status}).`;
  }
  return new TranscriptionError(message, { failure: mapped });
}

/**
 * An OpenAI-compatible `POST /audio/transcriptions` (multipart: file, model, language,
 * response_format json). The answer's words are returned trimmed; its language and length when
 * it reports them.
 */
export function createOpenAiTranscriptionEngine(
  options: OpenAiTranscriptionOptions,
): TranscriptionEngine {
  const send = options.fetch ?? fetch;
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  const inFlight = new Set<AbortController>();

  async function transcribe(
    request: TranscriptionRequest,
    signal?: AbortSignal,
  ): Promise<TranscriptionResult> {
    const type = baseType(request.mimeType);
    const extension = extensions[type];
    if (!extension) {
      throw new TranscriptionError(
        'The recording is not in an audio format the transcription service takes (WebM, Ogg, WAV, MP3, M4A or FLAC).',
      );
    }
    if (request.audio.length === 0) throw new TranscriptionError('The recording is empty.');
    if (request.audio.length > maxTranscriptionBytes) {
      throw new TranscriptionError(
        `The recording is larger than the transcription service takes (${maxTranscriptionBytes / 1024 / 1024} MB).`,
      );
    }
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(request.audio)], { type }),
      `recording.${extension}`,
    );
    form.append('model', options.model);
    if (request.language) form.append('language', request.language);
    form.append('response_format', 'json');

    const controller = new AbortController();
    inFlight.add(controller);
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const stop = AbortSignal.any([controller.signal, timeout, ...(signal ? [signal] : [])]);
    let answer: unknown;
    try {
      const response = await send(endpoint, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: form,
        signal: stop,
      });
      if (!response.ok) {
        // Not read: it may quote what was said.
        await response.body?.cancel().catch(() => {});
        throw statusError(response);
      }
      try {
        answer = await response.json();
      } catch (error) {
        if (stop.aborted) throw error;
        throw new TranscriptionError('The transcription service sent an answer that is not JSON.', {
          failure: failure('malformed'),
        });
      }
    } catch (error) {
      if (error instanceof TranscriptionError) throw error;
      if (timeout.aborted) {
        throw new TranscriptionError(
          `The transcription service took longer than ${options.timeoutMs / 1000} s and was stopped.`,
          { failure: failure('total-timeout') },
        );
      }
      if (stop.aborted) throw new TranscriptionError('Transcribing was cancelled.');
      throw new TranscriptionError('The transcription service could not be reached.', {
        cause: error,
        failure: failure('network'),
      });
    } finally {
      inFlight.delete(controller);
    }

    const text = (answer as { text?: unknown } | null)?.text;
    if (typeof text !== 'string') {
      throw new TranscriptionError('The transcription service sent an answer without text.', {
        failure: failure('malformed'),
      });
    }
    const words = text.trim();
    const fields = answer as Record<string, unknown>;
    return {
      text: words,
      language:
        request.language ?? languageOf(fields.language) ?? (words ? detectLanguage(words) : null),
      durationMs: durationOf(fields, request),
    };
  }

  return {
    model: options.model,
    transcribe,
    async close() {
      for (const controller of inFlight) controller.abort();
    },
  };
}
