import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { megabytes } from './byte-units.ts';
import { type FetchFunction, getFollowingRedirects, networkReason } from './follow-redirects.ts';
import { PullError } from './pull-error.ts';
import { sha256File } from './sha256-file.ts';

export interface DownloadProgress {
  /** Bytes in the .part file so far, including those of an earlier, resumed run. */
  received: number;
  /** The whole file's size, when the server says. */
  total: number | null;
  /** Bytes that were already there when this run started (0 when starting afresh). */
  resumedFrom: number;
}

/** Where the checked hash came from: the argument, the hub's header, or the list pinned here. */
export type HashSource = '--sha256' | 'X-Linked-ETag' | 'whisper-models.ts';

export interface DownloadStart {
  resumedFrom: number;
  total: number | null;
  expectedSha256: string | null;
  hashSource: HashSource | null;
}

export interface DownloadOptions {
  url: string;
  dir: string;
  /** The final file name; the transfer goes to `<file>.part` until it is verified. */
  file: string;
  /** The expected SHA-256 (--sha256, or a pinned one); null: the hub's X-Linked-ETag. */
  sha256: string | null;
  /** Where `sha256` comes from (default --sha256). */
  sha256Source?: HashSource;
  /** false (--no-verify): install even when no SHA-256 is known. A mismatch is never accepted. */
  verify: boolean;
  /** Ctrl-C: stops the transfer and keeps the .part for a later resume. */
  signal?: AbortSignal;
  onStart?: (start: DownloadStart) => void;
  onProgress?: (progress: DownloadProgress) => void;
  fetch?: FetchFunction;
  /** Until the response headers arrive, and between two chunks of the body. */
  timeouts?: { responseMs?: number; idleMs?: number };
}

export interface DownloadResult {
  path: string;
  bytes: number;
  sha256: string;
  /** Where the checked hash came from; null when installed unverified (--no-verify). */
  verifiedBy: HashSource | null;
  resumedFrom: number;
}

const defaultTimeouts = { responseMs: 30_000, idleMs: 60_000 };

/** A timer that aborts the transfer when the server goes quiet for too long. */
class Watchdog {
  readonly signal: AbortSignal;
  timedOut = false;
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  constructor(outer: AbortSignal | undefined) {
    this.signal = outer ? AbortSignal.any([outer, this.controller.signal]) : this.controller.signal;
  }

  arm(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, ms);
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

async function sizeOf(filePath: string): Promise<number> {
  try {
    return (await stat(filePath)).size;
  } catch {
    return 0;
  }
}

function contentRange(header: string | null): { start: number; total: number | null } | null {
  const match = header?.match(/^bytes (\d+)-\d+\/(\d+|\*)$/);
  if (!match?.[1] || !match[2]) return null;
  return { start: Number(match[1]), total: match[2] === '*' ? null : Number(match[2]) };
}

function contentLength(response: Response): number | null {
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

function httpFailure(response: Response, url: URL): PullError {
  const what =
    response.status === 404
      ? 'the file was not found there; check --url (and --file)'
      : response.status === 401 || response.status === 403
        ? 'access was refused; the model may need a sign-in or a licence acceptance on its page'
        : `the server answered ${response.statusText || 'an error'}`;
  return new PullError(
    'http',
    `Download failed: HTTP ${response.status} from ${url.host}: ${what}.`,
    true,
  );
}

/**
 * Downloads a model file into `dir`: streams it into `<file>.part`, resumes an existing .part
 * with a Range request, checks its SHA-256 and only then renames it to `<file>`, so the models
 * directory never holds a half-written or unverified model under its real name.
 */
export async function downloadModel(options: DownloadOptions): Promise<DownloadResult> {
  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  const target = path.join(options.dir, options.file);
  const part = `${target}.part`;
  await mkdir(options.dir, { recursive: true });

  const existing = await sizeOf(part);
  // identity: a compressed transfer would make byte offsets (Range) meaningless.
  const headers: Record<string, string> = { 'accept-encoding': 'identity' };
  if (existing > 0) headers['range'] = `bytes=${existing}-`;

  const watchdog = new Watchdog(options.signal);
  const stopped = (error: unknown): PullError => {
    if (error instanceof PullError) return error;
    if (options.signal?.aborted) {
      return new PullError(
        'aborted',
        `Stopped. The partial download is kept in ${part}; run the command again to resume.`,
        true,
      );
    }
    if (watchdog.timedOut) {
      return new PullError(
        'timeout',
        `The server stopped answering (no data for ${timeouts.idleMs / 1000} s). The partial download is kept; run the command again to resume.`,
        true,
      );
    }
    return new PullError(
      'interrupted',
      `The download was interrupted: ${networkReason(error)}. The partial download is kept; run the command again to resume.`,
      true,
    );
  };

  let bytes = existing;
  let resumedFrom = existing;
  let expectedSha256: string | null = options.sha256;
  let hashSource: HashSource | null =
    options.sha256 === null ? null : (options.sha256Source ?? '--sha256');
  try {
    watchdog.arm(timeouts.responseMs);
    const { response, linkedSha256, linkedSize, finalUrl } = await getFollowingRedirects(
      options.url,
      { headers, signal: watchdog.signal, ...(options.fetch ? { fetch: options.fetch } : {}) },
    );
    if (expectedSha256 === null && linkedSha256 !== null) {
      expectedSha256 = linkedSha256;
      hashSource = 'X-Linked-ETag';
    }
    if (expectedSha256 === null && options.verify) {
      await response.body?.cancel();
      throw new PullError(
        'unverified',
        'No SHA-256 to check this download against: the server did not announce one (X-Linked-ETag). Pass --sha256 <hex> from the model page, or --no-verify to install it unchecked.',
        true,
      );
    }

    let total: number | null;
    let append: boolean;
    if (response.status === 206) {
      const range = contentRange(response.headers.get('content-range'));
      if (range?.start !== existing) {
        await response.body?.cancel();
        throw new PullError(
          'http',
          `The server resumed at the wrong place (Content-Range ${response.headers.get('content-range') ?? 'missing'}, expected byte ${existing}). Delete ${part} and run the command again.`,
          true,
        );
      }
      total = range.total ?? linkedSize;
      append = true;
    } else if (response.status === 200) {
      // A server that ignores Range sends the whole file: start over.
      total = contentLength(response) ?? linkedSize;
      append = false;
      bytes = 0;
      resumedFrom = 0;
    } else if (response.status === 416 && existing > 0) {
      // Nothing left to send: the .part already holds the whole file. The hash decides.
      await response.body?.cancel();
      total = existing;
      append = true;
    } else {
      await response.body?.cancel();
      throw httpFailure(response, finalUrl);
    }

    options.onStart?.({ resumedFrom, total, expectedSha256, hashSource });
    options.onProgress?.({ received: bytes, total, resumedFrom });
    if (response.status !== 416 && response.body) {
      const handle = await open(part, append ? 'a' : 'w');
      try {
        watchdog.arm(timeouts.idleMs);
        // Each chunk is on disk before the next is read, so an interruption keeps every byte.
        for await (const chunk of response.body) {
          watchdog.arm(timeouts.idleMs);
          await handle.write(chunk);
          bytes += chunk.byteLength;
          options.onProgress?.({ received: bytes, total, resumedFrom });
        }
      } finally {
        await handle.close();
      }
    }
    watchdog.stop();
    if (total !== null && bytes < total) {
      throw new PullError(
        'interrupted',
        `The server closed the connection after ${megabytes(bytes)} of ${megabytes(total)}. The partial download is kept; run the command again to resume.`,
        true,
      );
    }
  } catch (error) {
    throw stopped(error);
  } finally {
    watchdog.stop();
  }

  const actual = await sha256File(part);
  if (expectedSha256 !== null && actual !== expectedSha256) {
    await unlink(part);
    throw new PullError(
      'checksum',
      `The downloaded file does not match its SHA-256 (expected ${expectedSha256} from ${hashSource ?? 'the server'}, got ${actual}). It was deleted; run the command again to download it afresh.`,
      false,
    );
  }
  await rename(part, target);
  return { path: target, bytes, sha256: actual, verifiedBy: hashSource, resumedFrom };
}
