import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from './identity/pages.ts';
import { readRequestBody, RequestBodyTooLarge } from './request-body.ts';

/**
 * A transport-free request/response pair for the payment emulators: the same exchange serves
 * Node's HTTP server (the browser pages, the standalone runner) and an in-process `fetch` (the
 * API's server-to-server calls under Fastify's `inject`, no socket).
 */
export interface SandboxRequest {
  method: string;
  /** Path and query; the origin is a placeholder for a mounted handler. */
  url: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The raw body, exactly as sent (webhook signatures and checksums cover raw bytes). */
  body: string;
  /** Fires when the client goes away or aborts (a delayed response then stops waiting). */
  signal: AbortSignal;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type SandboxExchange = (request: SandboxRequest) => Promise<SandboxResponse>;

/** Large enough for any form or JSON the emulators take; stops a runaway body early. */
const maxBodyBytes = 256 * 1024;

const placeholderOrigin = 'http://sandbox.invalid';

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value)) headers[name] = value.join(', ');
  }
  return headers;
}

export function textResponse(
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
): SandboxResponse {
  return {
    status,
    headers: { 'content-type': contentType, 'cache-control': 'no-store', ...headers },
    body,
  };
}

export function jsonResponse(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): SandboxResponse {
  return textResponse(status, 'application/json', JSON.stringify(value), headers);
}

export function redirectResponse(
  location: string,
  headers: Record<string, string> = {},
): SandboxResponse {
  return { status: 302, headers: { location, 'cache-control': 'no-store', ...headers }, body: '' };
}

/** A JSON body; an empty body reads as {} (PayPal takes either on capture). Undefined if malformed. */
export function parseJsonBody(body: string): unknown {
  if (body.trim() === '') return {};
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * An emulator's HTML page with its own security headers: no script, inline style only, and
 * forms that may post to itself and to `formTargets` (the merchant origins it redirects to, which
 * form-action also governs).
 */
export function htmlPage(status: number, html: string, formTargets: string[]): SandboxResponse {
  const formAction = ["'self'", ...new Set(formTargets)].join(' ');
  return textResponse(status, 'text/html; charset=utf-8', html, {
    'content-security-policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
}

/** `(req, res)` for Node's HTTP server. */
export function nodeHandlerFor(
  exchange: SandboxExchange,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const closed = new AbortController();
    res.once('close', () => closed.abort());
    readRequestBody(req, maxBodyBytes)
      .then((body) =>
        exchange({
          method: (req.method ?? 'GET').toUpperCase(),
          url: new URL(req.url ?? '/', placeholderOrigin),
          headers: headersOf(req),
          body: body.toString('utf8'),
          signal: closed.signal,
        }),
      )
      .then((response) => {
        if (closed.signal.aborted) return;
        res.statusCode = response.status;
        for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
        res.setHeader('content-length', Buffer.byteLength(response.body));
        res.end(response.body);
      })
      .catch((error: unknown) => {
        if (res.headersSent || closed.signal.aborted) {
          res.destroy();
          return;
        }
        res.statusCode = error instanceof RequestBodyTooLarge ? 413 : 500;
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end(
          error instanceof RequestBodyTooLarge ? 'Request body too large' : 'Sandbox failure',
        );
      });
  };
}

const abortError = () => new DOMException('This operation was aborted', 'AbortError');

/** A `fetch` answered by the exchange in this process; aborting rejects like a real fetch. */
export function inProcessFetchFor(
  exchange: SandboxExchange,
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.signal.aborted) throw abortError();
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = await request.text();
    const stopped = new AbortController();
    const onAbort = () => stopped.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const answer = exchange({
        method: request.method.toUpperCase(),
        url: new URL(request.url),
        headers,
        body,
        signal: stopped.signal,
      });
      const aborted = new Promise<never>((_, reject) => {
        stopped.signal.addEventListener('abort', () => reject(abortError()), { once: true });
      });
      // Keep the losing promise from surfacing as an unhandled rejection.
      aborted.catch(() => undefined);
      const response = await Promise.race([answer, aborted]);
      // A redirect comes back as is, like fetch with redirect: 'manual' (nothing here follows one).
      return new Response(response.status === 302 || response.body === '' ? null : response.body, {
        status: response.status,
        headers: response.headers,
      });
    } finally {
      request.signal.removeEventListener('abort', onAbort);
    }
  };
}

/**
 * The HTML document every emulator page uses: language, a `noindex` head, the page's own inline
 * style (allowed by htmlPage's CSP), and a badge naming the service and that it is a sandbox.
 */
export function pageDocument(input: {
  lang: string;
  title: string;
  badge: string;
  style: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="${input.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)} · ${escapeHtml(input.badge)}</title>
<style>${input.style}</style>
</head>
<body>
<main>
<p class="badge">${escapeHtml(input.badge)}</p>
${input.body}
</main>
</body>
</html>`;
}
