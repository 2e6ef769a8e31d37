import { createSandboxModelServer, type SandboxModelOptions } from './server.ts';

const abortError = () => new DOMException('This operation was aborted', 'AbortError');

async function bodyText(
  input: string | URL | Request,
  init: RequestInit | undefined,
): Promise<string> {
  if (input instanceof Request && init?.body === undefined) return input.text();
  const body = init?.body;
  if (body === undefined || body === null) return '';
  // What the AI SDK sends: a JSON string, read as it is rather than through a Response.
  if (typeof body === 'string') return body;
  return new Response(body).text();
}

/**
 * A `fetch` that answers from the sandbox model server in this process: no socket, no network,
 * so the API's embedded default works under Fastify's `inject` and offline. Aborting the request
 * (init.signal) stops the stream and errors its body, as a real fetch does.
 */
export function sandboxModelFetch(
  options: SandboxModelOptions = {},
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const serve = createSandboxModelServer(options);
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const signal = init?.signal ?? request?.signal ?? null;
    if (signal?.aborted) throw abortError();
    const url = request ? request.url : String(input);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const stopped = new AbortController();
    const onAbort = () => stopped.abort();
    signal?.addEventListener('abort', onAbort, { once: true });

    const response = serve({
      method,
      url: new URL(url).pathname,
      body: await bodyText(input, init),
      signal: stopped.signal,
    });
    const { body } = response;
    if (typeof body === 'string') {
      signal?.removeEventListener('abort', onAbort);
      return new Response(body, { status: response.status, headers: response.headers });
    }
    const iterator = body[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await iterator.next();
        if (stopped.signal.aborted) {
          controller.error(abortError());
        } else if (next.done) {
          signal?.removeEventListener('abort', onAbort);
          controller.close();
        } else {
          controller.enqueue(encoder.encode(next.value));
        }
      },
      cancel() {
        stopped.abort();
      },
    });
    return new Response(stream, { status: response.status, headers: response.headers });
  };
}
