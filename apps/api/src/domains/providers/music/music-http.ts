import type { MusicPieceSection, ResolvedMusicSettings } from '@studio/contracts';
import {
  describeProviderFailure,
  failureOfStatus,
  type ProviderFailure,
  retryHintOf,
} from '../provider-failure.ts';
import { parseWav, type PcmAudio } from '../speech/wav.ts';
import { MusicError, type MusicGenerateResult } from './music-engine.ts';
import { sectionsOver } from './music-prompt.ts';

/**
 * The HTTP side every cloud music engine shares: one call (a generation, its polls and its
 * download) bounded by a total timeout, an idle timeout, the request's signal and the engine's
 * close(); its failures become MusicErrors in our words, sorted by the provider layer's failure
 * module. An upstream's body is read only where a protocol needs it (a refusal's suggestion, a
 * queue's JSON), never into a message or a log: it may quote the prompt or echo a key.
 */

export interface MusicTimeouts {
  /** The longest silence: no byte of an answer, or (for a queue) no answer to a poll. */
  idleMs: number;
  /** The longest a whole generation may take, polling and download included. */
  totalMs: number;
}

export const defaultMusicTimeouts: MusicTimeouts = { idleMs: 60_000, totalMs: 600_000 };

/** The largest audio read (ten minutes of 48 kHz stereo 16-bit is 115 MB). */
const maxAudioBytes = 128 * 1024 * 1024;
/** The largest JSON answer read (a queue's status or result, an error body). */
const maxJsonBytes = 1024 * 1024;

const failure = (kind: ProviderFailure['kind'], status: number | null = null): ProviderFailure => ({
  kind,
  status,
  retryAfterSeconds: null,
});

/** Aborts every call still running when the engine closes. */
export class OpenCalls {
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

class IdleTimeout extends Error {}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

export interface MusicCallOptions {
  /** Who answered, in messages: "ElevenLabs", "Stability", "fal". */
  service: string;
  model: string;
  timeouts: MusicTimeouts;
  signal: AbortSignal;
  calls: OpenCalls;
  fetch: typeof fetch;
}

/** One generation's HTTP: made per request, finished with `end()`. */
export class MusicCall {
  readonly service: string;
  readonly model: string;
  readonly #options: MusicCallOptions;
  readonly #closing: AbortController;
  readonly #total: AbortSignal;
  /** Aborts on the total timeout, the caller's cancel or the engine's close. */
  readonly stop: AbortSignal;
  #idleFired = false;

  constructor(options: MusicCallOptions) {
    this.#options = options;
    this.service = options.service;
    this.model = options.model;
    this.#closing = options.calls.open();
    this.#total = AbortSignal.timeout(options.timeouts.totalMs);
    this.stop = AbortSignal.any([this.#total, this.#closing.signal, options.signal]);
  }

  end(): void {
    this.#options.calls.done(this.#closing);
  }

  /**
   * Sends a request. `idleForAnswer`: the wait for the answer's headers counts as silence too (a
   * poll or a download, which answer at once); a generation's own wait is bounded by the total.
   */
  async send(url: string, init: RequestInit, idleForAnswer: boolean): Promise<Response> {
    const idle = new AbortController();
    const timer = idleForAnswer ? this.#arm(idle) : null;
    try {
      return await this.#options.fetch(url, {
        ...init,
        signal: AbortSignal.any([this.stop, idle.signal]),
      });
    } catch (error) {
      throw this.failed(error);
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  #arm(idle: AbortController): NodeJS.Timeout {
    return setTimeout(() => {
      this.#idleFired = true;
      idle.abort(new IdleTimeout());
    }, this.#options.timeouts.idleMs);
  }

  /** The body, read with the idle timeout re-armed at every chunk, up to `limit` bytes. */
  async bytes(response: Response, limit = maxAudioBytes): Promise<Buffer> {
    const reader = response.body?.getReader();
    if (!reader) return Buffer.alloc(0);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const idle = new AbortController();
    let timer = this.#arm(idle);
    const stopped = new Promise<never>((_, reject) => {
      const onStop = () => reject(new IdleTimeout());
      idle.signal.addEventListener('abort', onStop, { once: true });
      this.stop.addEventListener('abort', onStop, { once: true });
    });
    stopped.catch(() => {});
    try {
      for (;;) {
        const { done, value } = await Promise.race([reader.read(), stopped]);
        if (done) break;
        clearTimeout(timer);
        timer = this.#arm(idle);
        size += value.byteLength;
        if (size > limit) {
          throw new MusicError(`${this.service} sent more than was asked for.`, {
            failure: failure('malformed'),
            model: this.model,
          });
        }
        chunks.push(value);
      }
      return Buffer.concat(chunks);
    } catch (error) {
      await reader.cancel().catch(() => {});
      throw this.failed(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A JSON answer; anything else is malformed. */
  async json(response: Response): Promise<unknown> {
    const text = (await this.bytes(response, maxJsonBytes)).toString('utf8');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw this.malformed('an answer that is not JSON');
    }
  }

  /** Waits between polls, or stops with the call. */
  async pause(ms: number): Promise<void> {
    try {
      await new Promise<void>((resolve, reject) => {
        if (this.stop.aborted) {
          reject(new Error('stopped'));
          return;
        }
        const onStop = () => {
          clearTimeout(timer);
          reject(new Error('stopped'));
        };
        const timer = setTimeout(() => {
          this.stop.removeEventListener('abort', onStop);
          resolve();
        }, ms);
        this.stop.addEventListener('abort', onStop, { once: true });
      });
    } catch (error) {
      throw this.failed(error);
    }
  }

  /** Whatever went wrong, as a MusicError. */
  failed(error: unknown): MusicError {
    if (error instanceof MusicError) return error;
    const options = { cause: error, model: this.model };
    if (this.#total.aborted) {
      return new MusicError(
        `${this.service} took longer than ${Math.round(this.#options.timeouts.totalMs / 1000)} s and was stopped.`,
        { ...options, failure: failure('total-timeout') },
      );
    }
    if (this.#idleFired && !this.stop.aborted) {
      return new MusicError(
        `${this.service} sent nothing for ${Math.round(this.#options.timeouts.idleMs / 1000)} s and was stopped.`,
        { ...options, failure: failure('idle-timeout') },
      );
    }
    if (this.stop.aborted) return new MusicError('Making the music was cancelled.', options);
    return new MusicError(`${this.service} could not be reached.`, {
      ...options,
      failure: describeProviderFailure(error, null, new Date()),
    });
  }

  /** An HTTP error status in our words, with the provider's retry hint (only its number). */
  statusError(response: Response): MusicError {
    const { status } = response;
    const retryAfterSeconds =
      status === 429 || status === 503
        ? retryHintOf(headerRecord(response.headers), undefined, new Date())
        : null;
    let message = `${this.service} answered ${status}.`;
    if (status === 401 || status === 403) {
      message = `${this.service} refused the server's key (${status}); the operator must check it.`;
    } else if (status === 429) {
      message = `${this.service} is receiving too many requests (429); try again in a moment.`;
    }
    return new MusicError(message, {
      failure: { ...failureOfStatus(status), retryAfterSeconds },
      model: this.model,
    });
  }

  /** A refusal (copyrighted material), with the prompt the provider suggests, if any. */
  refusal(status: number, suggestedPrompt: string | null): MusicError {
    return new MusicError(`${this.service} refused the request (${status}).`, {
      failure: failure('http', status),
      model: this.model,
      refusal: { suggestedPrompt },
    });
  }

  malformed(what: string): MusicError {
    return new MusicError(`${this.service} sent ${what}.`, {
      failure: failure('malformed'),
      model: this.model,
    });
  }

  /** Drops an error answer's body unread. */
  async discard(response: Response): Promise<void> {
    await response.body?.cancel().catch(() => {});
  }

  /** A WAV file as PCM: empty is `empty`, anything unreadable `malformed`. */
  wav(bytes: Buffer): PcmAudio {
    if (bytes.length === 0) throw this.empty();
    let audio: PcmAudio;
    try {
      audio = parseWav(bytes);
    } catch {
      throw this.malformed('audio that is not a readable WAV file');
    }
    if (audio.samples.length === 0) throw this.empty();
    return audio;
  }

  /** Headerless 16-bit little-endian PCM; an HTML or JSON page, or a cut sample, is malformed. */
  pcm(bytes: Buffer, sampleRate: number, channels: number): PcmAudio {
    if (bytes.length === 0) throw this.empty();
    const first = bytes.toString('ascii', 0, 1);
    if (bytes.length % (2 * channels) !== 0 || first === '{' || first === '<') {
      throw this.malformed('audio that is not the PCM asked for');
    }
    const samples = new Int16Array(bytes.length / 2);
    for (let index = 0; index < samples.length; index += 1) {
      samples[index] = bytes.readInt16LE(index * 2);
    }
    return { sampleRate, channels, samples };
  }

  empty(): MusicError {
    return new MusicError(`${this.service} returned no audio.`, {
      failure: failure('empty'),
      model: this.model,
    });
  }
}

export const durationMsOf = (audio: PcmAudio): number =>
  Math.round((audio.samples.length / audio.channels / audio.sampleRate) * 1000);

/**
 * A cloud model's result: its audio, no stems or MIDI, and its sections where they play
 * (`plannedMs`: each section's planned length, scaled to the audio; else by weight).
 */
export function cloudResult(
  settings: ResolvedMusicSettings,
  audio: PcmAudio,
  plannedMs: number[] | null = null,
): MusicGenerateResult {
  const durationMs = durationMsOf(audio);
  let sections: MusicPieceSection[];
  if (plannedMs && plannedMs.length === settings.structure.length) {
    const planned = plannedMs.reduce((sum, ms) => sum + ms, 0);
    let start = 0;
    let elapsed = 0;
    sections = settings.structure.map((name, index) => {
      elapsed += plannedMs[index] ?? 0;
      const end =
        index === settings.structure.length - 1
          ? durationMs
          : Math.round((durationMs * elapsed) / planned);
      const section = { name, startMs: start, endMs: end };
      start = end;
      return section;
    });
  } else {
    sections = sectionsOver(settings.structure, durationMs);
  }
  return { settings, audio, stems: [], midi: null, sections, composition: null };
}

/** A source operation the cloud models cannot do (they keep nothing to continue from). */
export function unsupportedOperation(
  service: string,
  model: string,
  operation: string | undefined,
): MusicError | null {
  if (operation === undefined || operation === 'vary') return null;
  return new MusicError(`${service}'s ${model} cannot ${operation} a piece.`, { model });
}
