/**
 * The sandbox music server's requests and responses, free of any transport: http.ts adapts
 * Node's HTTP server to them, fetch.ts an in-process `fetch`.
 */

export interface MusicServerRequest {
  method: string;
  /** Path and query, as on the request line. */
  url: string;
  headers: Headers;
  body: Uint8Array;
  /** Fires when the client goes away: a slow answer stops waiting. */
  signal: AbortSignal;
}

export interface MusicServerResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The largest request body read: a prompt, lyrics and a composition plan are far smaller. */
export const maxRequestBytes = 1024 * 1024;

export function json(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): MusicServerResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: Buffer.from(JSON.stringify(value)),
  };
}

export function audio(contentType: string, body: Buffer): MusicServerResponse {
  return { status: 200, headers: { 'content-type': contentType }, body };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Waits `ms`, or rejects as soon as the client goes away. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('the client went away'));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('the client went away'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
