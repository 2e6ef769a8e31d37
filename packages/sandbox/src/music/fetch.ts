import { createSandboxMusicServer, type SandboxMusicOptions } from './server.ts';

type FetchInput = string | URL | Request;

const abortError = () => new DOMException('This operation was aborted', 'AbortError');
const reasonOf = (signal: AbortSignal): unknown => signal.reason ?? abortError();

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
 * A `fetch` that answers from the sandbox music server in this process: no socket, so the API's
 * tests work offline. Any origin reaches it (fal's URLs keep the origin asked with); the body is
 * read as fetch itself would send it (a `FormData` gets its multipart boundary); aborting rejects
 * at once and stops a slow answer.
 */
export function sandboxMusicFetch(
  options: SandboxMusicOptions = {},
): (input: FetchInput, init?: RequestInit) => Promise<Response> {
  const serve = createSandboxMusicServer(options);
  return async (input, init) => {
    const request = new Request(input, init);
    const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
    if (signal?.aborted) throw reasonOf(signal);
    const stopped = new AbortController();
    const stop = () => stopped.abort();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.set('host', url.host);
      const body = new Uint8Array(await untilAborted(request.arrayBuffer(), signal));
      const response = await untilAborted(
        serve({
          method: request.method.toUpperCase(),
          url: `${url.pathname}${url.search}`,
          headers,
          body,
          signal: stopped.signal,
        }),
        signal,
      );
      return new Response(new Uint8Array(response.body), {
        status: response.status,
        headers: response.headers,
      });
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  };
}
