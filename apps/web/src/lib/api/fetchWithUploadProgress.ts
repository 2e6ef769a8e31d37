/** Statuses whose answer has no body (a Response refuses one for them). */
const bodyless = new Set([101, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * fetch() for a request whose upload progress is shown: fetch reports none, XMLHttpRequest does.
 * Takes what the API clients give fetch (method, headers, body, credentials, signal) and answers
 * with a Response, so the rest of the call does not know which one carried it. `onProgress` gets
 * 0–1 as the body's bytes leave. A refused connection rejects with a TypeError, an abort with the
 * signal's reason, as fetch does.
 */
export function fetchWithUploadProgress(
  url: URL,
  init: RequestInit & { headers: Headers },
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const request = new XMLHttpRequest();
    const onAbort = () => request.abort();
    request.open(init.method ?? 'GET', url);
    init.headers.forEach((value, name) => request.setRequestHeader(name, value));
    request.withCredentials = init.credentials === 'include';
    request.responseType = 'arraybuffer';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(1, event.loaded / event.total));
      }
    });
    request.addEventListener('loadend', () => signal?.removeEventListener('abort', onAbort));
    request.addEventListener('load', () => {
      const body = bodyless.has(request.status) ? null : (request.response as ArrayBuffer);
      resolve(
        new Response(body, {
          status: request.status,
          statusText: request.statusText,
          headers: responseHeaders(request.getAllResponseHeaders()),
        }),
      );
    });
    request.addEventListener('error', () => reject(new TypeError('Failed to fetch')));
    request.addEventListener('abort', () =>
      reject(signal?.reason ?? new DOMException('The request was aborted.', 'AbortError')),
    );
    signal?.addEventListener('abort', onAbort);
    request.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
