import { APICallError, type ImageModel, JSONParseError } from 'ai';

/**
 * What the two clients of our own (ComfyUI, AUTOMATIC1111) share: the AI SDK's image-model
 * interface, and HTTP calls that fail the way the SDK's providers fail (APICallError with the
 * status and body, JSONParseError), so one reading of failures serves every provider.
 */

export type FetchFunction = typeof globalThis.fetch;

/** The AI SDK's ImageModelV3, through `ai` (its source package is not a direct dependency). */
export type ImageModelV3 = Extract<ImageModel, { specificationVersion: 'v3' }>;
export type ImageModelV3CallOptions = Parameters<ImageModelV3['doGenerate']>[0];
export type ImageModelV3Result = Awaited<ReturnType<ImageModelV3['doGenerate']>>;
export type ImageModelV3File = NonNullable<ImageModelV3CallOptions['mask']>;

export interface HttpCall {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  signal: AbortSignal | undefined;
}

async function send(fetch: FetchFunction, url: string, call: HttpCall): Promise<Response> {
  const response = await fetch(url, {
    method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...call.headers,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    ...(call.signal ? { signal: call.signal } : {}),
  });
  if (!response.ok) {
    const responseBody = await response.text().catch(() => '');
    throw new APICallError({
      message: `${response.status} ${response.statusText}`.trim(),
      url,
      // Never the request: it holds the user's prompt and pictures.
      requestBodyValues: undefined,
      statusCode: response.status,
      responseHeaders: Object.fromEntries(response.headers),
      responseBody,
      isRetryable: response.status === 408 || response.status === 429 || response.status >= 500,
    });
  }
  return response;
}

export async function requestJson(
  fetch: FetchFunction,
  url: string,
  call: HttpCall,
): Promise<unknown> {
  const text = await (await send(fetch, url, call)).text();
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new JSONParseError({ text: text.slice(0, 500), cause });
  }
}

export async function requestBytes(
  fetch: FetchFunction,
  url: string,
  call: HttpCall,
): Promise<Uint8Array> {
  return new Uint8Array(await (await send(fetch, url, call)).arrayBuffer());
}

/** A file handed to a model, as base64 (the SDK passes bytes or base64; never a URL here). */
export function base64Of(file: ImageModelV3File): string {
  if (file.type === 'url') throw new TypeError('image inputs are sent as bytes, not URLs');
  return typeof file.data === 'string' ? file.data : Buffer.from(file.data).toString('base64');
}

export const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Tells the server to drop work nobody waits for any more. Best effort: a few seconds at most,
 * and its failure changes nothing (the caller has already given up).
 */
export async function bestEffort(work: (signal: AbortSignal) => Promise<unknown>): Promise<void> {
  try {
    await work(AbortSignal.timeout(5000));
  } catch {
    // The server may be gone or busy: the request was abandoned either way.
  }
}
