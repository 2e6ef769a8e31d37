import { createSandboxImageServer, type SandboxImageOptions } from './server.ts';

type FetchInput = string | URL | Request;

const abortError = () => new DOMException('This operation was aborted', 'AbortError');

/** Why a real fetch rejects on abort: the signal's reason (AbortError, TimeoutError…). */
const reasonOf = (signal: AbortSignal): unknown => signal.reason ?? abortError();

/**
 * The body as bytes and its content type, worked out as fetch itself does: a `FormData` body
 * (the AI SDK's edits) gets its multipart boundary, a string its text/plain type, unless the
 * caller's headers name a type.
 */
async function bodyOf(input: FetchInput, init: RequestInit | undefined) {
  const request = input instanceof Request ? input : null;
  const headers = new Headers(init?.headers ?? request?.headers);
  if (init?.body === undefined && request) {
    return { headers, body: new Uint8Array(await request.arrayBuffer()) };
  }
  const carrier = new Response(init?.body ?? null, { headers });
  return { headers: carrier.headers, body: new Uint8Array(await carrier.arrayBuffer()) };
}

/** Settles like `work`, or rejects as soon as `signal` aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | null): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(reasonOf(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * A `fetch` that answers from the sandbox image server in this process: no socket, no network,
 * so the API's embedded default works under Fastify's `inject` and offline. Aborting the request
 * (init.signal) rejects at once, as a real fetch does, and stops the server's work.
 */
export function sandboxImageFetch(
  options: SandboxImageOptions = {},
): (input: FetchInput, init?: RequestInit) => Promise<Response> {
  const serve = createSandboxImageServer(options);
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const signal = init?.signal ?? request?.signal ?? null;
    if (signal?.aborted) throw reasonOf(signal);
    const url = new URL(request ? request.url : String(input));
    const stopped = new AbortController();
    const stop = () => stopped.abort();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const { headers, body } = await untilAborted(bodyOf(input, init), signal);
      const response = await untilAborted(
        serve({
          method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
          url: `${url.pathname}${url.search}`,
          headers,
          body,
          signal: stopped.signal,
        }),
        signal,
      );
      return new Response(response.body, { status: response.status, headers: response.headers });
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  };
}
