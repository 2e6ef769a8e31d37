import type { AudioFormat } from '@studio/contracts';
import { failureOfStatus, type ProviderFailure, retryHintOf } from '../provider-failure.ts';
import { SpeechError } from './speech-engine.ts';

/**
 * The one HTTP call every speech service makes (OpenAI and compatible servers, ElevenLabs, Azure,
 * Google): a POST bounded by a timeout, the caller's signal and the engine's close(), whose
 * failures become SpeechErrors in our own words. An upstream's error body is never read into a
 * message or a log: it may quote the text it was asked to speak, or echo a key.
 */

export interface SpeechCall {
  /** Who answered, in the messages: "The speech service", "ElevenLabs", "Azure Speech"… */
  service: string;
  url: string;
  headers: Record<string, string>;
  body: string | FormData;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  fetch: typeof fetch;
}

/** Aborts every call still running when the engine closes. */
export class InFlightCalls {
  readonly #controllers = new Set<AbortController>();

  open(): AbortController {
    const controller = new AbortController();
    this.#controllers.add(controller);
    return controller;
  }

  done(controller: AbortController): void {
    this.#controllers.delete(controller);
  }

  abortAll(): void {
    for (const controller of this.#controllers) controller.abort();
    this.#controllers.clear();
  }
}

const failure = (kind: ProviderFailure['kind']): ProviderFailure => ({
  kind,
  status: null,
  retryAfterSeconds: null,
});

/** Headers as a plain record, for the retry hint (only its number is ever taken). */
function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

/** What an upstream's HTTP error status means, in our words. */
export function statusError(service: string, response: Response, now = new Date()): SpeechError {
  const status = response.status;
  const mapped = failureOfStatus(status);
  const retryAfterSeconds =
    status === 429 || status === 503
      ? retryHintOf(headerRecord(response.headers), undefined, now)
      : null;
  let message = `${service} answered ${status}.`;
  if (status === 401 || status === 403) {
    message = `${service} refused the server's key (${status}); the operator must check it.`;
  } else if (status === 429) {
    message = `${service} is receiving too many requests (429); try again in a moment.`;
  }
  return new SpeechError(message, { failure: { ...mapped, retryAfterSeconds } });
}

/**
 * Sends the call and reads the successful answer with `read` (audio bytes, or JSON carrying
 * them). Rejects with a SpeechError: the status (and its retry hint) for an HTTP error, a
 * timeout, a cancellation, an unreachable service, or `read`'s own SpeechError.
 */
export async function callSpeechService<T>(
  call: SpeechCall,
  inFlight: InFlightCalls,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const controller = inFlight.open();
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const stop = AbortSignal.any([controller.signal, timeout, ...(call.signal ? [call.signal] : [])]);
  try {
    const response = await call.fetch(call.url, {
      method: 'POST',
      headers: call.headers,
      body: call.body,
      signal: stop,
    });
    if (!response.ok) {
      // Its body is not read: an error message may quote the text it was asked to speak.
      await response.body?.cancel().catch(() => {});
      throw statusError(call.service, response);
    }
    return await read(response);
  } catch (error) {
    if (error instanceof SpeechError) throw error;
    if (timeout.aborted) {
      throw new SpeechError(
        `${call.service} took longer than ${call.timeoutMs / 1000} s and was stopped.`,
        { failure: failure('total-timeout') },
      );
    }
    if (stop.aborted) throw new SpeechError('Speaking was cancelled.');
    throw new SpeechError(`${call.service} could not be reached.`, {
      cause: error,
      failure: failure('network'),
    });
  } finally {
    inFlight.done(controller);
  }
}

/** Checks audio bytes before they reach a player: not empty, and of the asked format. */
export function checkedAudio(service: string, format: AudioFormat, audio: Buffer): Buffer {
  if (audio.length === 0) {
    throw new SpeechError(`${service} returned no audio.`, { failure: failure('empty') });
  }
  if (!looksLike(format, audio)) {
    throw new SpeechError(`${service} did not return ${format} audio.`, {
      failure: failure('malformed'),
    });
  }
  return audio;
}

/** A malformed answer (JSON without its audio, say), in our words. */
export function malformedAnswer(service: string): SpeechError {
  return new SpeechError(`${service} sent an answer that is not audio.`, {
    failure: failure('malformed'),
  });
}

/** The format's signature, so an HTML error page with status 200 is not played as audio. */
export function looksLike(format: AudioFormat, audio: Buffer): boolean {
  if (format === 'wav') {
    return audio.toString('ascii', 0, 4) === 'RIFF' && audio.toString('ascii', 8, 12) === 'WAVE';
  }
  // An ID3 tag, or an MPEG frame sync (11 set bits).
  return (
    audio.toString('ascii', 0, 3) === 'ID3' ||
    (audio.length > 1 && audio[0] === 0xff && ((audio[1] ?? 0) & 0xe0) === 0xe0)
  );
}
