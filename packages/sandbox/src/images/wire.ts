/**
 * The sandbox image server's requests and responses, free of any transport: http.ts adapts
 * Node's HTTP server to them, fetch.ts an in-process `fetch`.
 */

export interface ImageRequest {
  method: string;
  /** Path and query, as on the request line. */
  url: string;
  headers: Headers;
  body: Uint8Array;
  /** Fires when the client goes away: a slow answer stops waiting, rendering stops. */
  signal: AbortSignal;
}

export interface ImageResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The largest request body read: a few source images of up to 20 MB each, as OpenAI allows. */
export const maxRequestBytes = 64 * 1024 * 1024;

/** Not an HTTP status a client sees: the client went away before the answer was ready. */
export const clientClosedRequest = 499;

export function json(status: number, value: unknown): ImageResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(value),
  };
}

/** The client went away while the answer was being made. */
export class Aborted extends Error {
  constructor() {
    super('The client closed the request.');
    this.name = 'Aborted';
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
