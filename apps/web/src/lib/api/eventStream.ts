import type { z } from 'zod';
import { readSseFrames } from '../stream/sse';
import { apiHeaders, handleUnauthorized } from './clients';
import { HttpFailure } from './errorText';
import { apiSettings, type ApiSettings } from './settings';

/** One typed event of a stream whose events `Schemas` describes, by their names. */
export type StreamEvent<Schemas extends Record<string, z.ZodType>> = {
  [Type in keyof Schemas & string]: { type: Type; data: z.output<Schemas[Type]> };
}[keyof Schemas & string];

/** What a stream's caller makes of a failure before the stream starts: the error to throw. */
export interface StreamFailures {
  /** The request never got an answer (not an abort: that rejects as it is). */
  network(error: unknown): unknown;
  /** The API refused: its status and its answer (JSON when it is JSON, else its text). */
  refused(status: number, answer: unknown): unknown;
}

/** As the API clients fail (errorText.ts): HttpFailure, whose text §8 chooses. */
export const httpFailures: StreamFailures = {
  network: (error) => new HttpFailure('network', { cause: error }),
  refused: (status, answer) => new HttpFailure({ status, data: answer }),
};

/**
 * How long a stream that a caller can follow again may say nothing (the server sends a keep-alive
 * every 15 s) before it is taken for dead: its other end went away without closing it (a network
 * that dropped, a proxy left holding it).
 */
export const SILENT_STREAM_MS = 25_000;

export interface EventStreamRequest<Schemas extends Record<string, z.ZodType>> {
  /** The API path (`/api/…`), under the configured API base URL. */
  path: string;
  method?: 'GET' | 'POST';
  /** A JSON body (POST), sent as it is: the caller has checked it against its schema. */
  json?: unknown;
  /** The caller's own headers (a visitor's key). */
  headers?: Record<string, string>;
  /** Each event's schema by its name; events of other names are skipped (newer servers). */
  schemas: Schemas;
  signal?: AbortSignal | undefined;
  settings?: ApiSettings;
  failures?: StreamFailures;
  /** Hears each event's id (a resumable stream's numbering), before the event is yielded. */
  onEventId?: (id: string) => void;
  /**
   * Gives up (SseStalledError) on a stream silent for this long (readSseFrames), for a caller
   * that can follow it again: longer than the server's keep-alive (15 s) allows.
   */
  idleMs?: number;
}

/** The body of a refused answer: JSON when it parses, else its text. */
async function answerOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one server-sent-events client (the chat's reply, a job's events, and every tool's after
 * them): the API clients' headers (clients.ts) for a call they do not make, a 401 ending the
 * session as they do, a refusal before the stream starts thrown as `failures` says, then each
 * event parsed by its schema. Aborting `signal` closes the connection.
 */
export async function* streamEvents<Schemas extends Record<string, z.ZodType>>(
  request: EventStreamRequest<Schemas>,
): AsyncGenerator<StreamEvent<Schemas>> {
  const { schemas, signal, settings = apiSettings, failures = httpFailures } = request;
  const url = new URL(`${await settings.baseUrl()}${request.path}`, window.location.href);
  const headers = await apiHeaders(settings, url);
  headers.set('Accept', 'text/event-stream');
  if (request.json !== undefined) headers.set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers,
      ...(request.json !== undefined ? { body: JSON.stringify(request.json) } : {}),
      credentials: 'include',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw failures.network(error);
  }
  if (!response.ok || !response.body) {
    const answer = await answerOf(response);
    if (response.status === 401) handleUnauthorized(settings, url.pathname);
    throw await failures.refused(response.status, answer);
  }
  for await (const frame of readSseFrames(response.body, signal, request.idleMs)) {
    if (!Object.hasOwn(schemas, frame.event)) continue;
    const type = frame.event as keyof Schemas & string;
    const data: unknown = (schemas[type] as z.ZodType).parse(JSON.parse(frame.data));
    if (frame.id) request.onEventId?.(frame.id);
    // The schema for `type` produced `data`: the pair is one member of the union.
    yield { type, data } as StreamEvent<Schemas>;
  }
}
