import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestBody, RequestBodyTooLarge } from './request-body.ts';

/** A request as the fetch-style sandbox servers (images, speech) take it. */
export interface SandboxRequest {
  method: string;
  url: string;
  headers: Headers;
  body: Buffer;
  signal: AbortSignal;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/**
 * A fetch-style sandbox server (one that speaks an OpenAI-shaped API: images, speech) for Node's
 * HTTP server: the body read up to `maxRequestBytes`, a client that goes away stops the work, and
 * a body too large or a failure answered in OpenAI's error shape naming `serverName`.
 */
export function nodeHandlerFor(
  serve: (request: SandboxRequest) => Promise<SandboxResponse>,
  { maxRequestBytes, serverName }: { maxRequestBytes: number; serverName: string },
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const closed = new AbortController();
    res.once('close', () => closed.abort());
    readRequestBody(req, maxRequestBytes)
      .then((body) =>
        serve({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          headers: headersOf(req),
          body,
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
        const tooLarge = error instanceof RequestBodyTooLarge;
        res.statusCode = tooLarge ? 413 : 500;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            error: {
              message: tooLarge ? error.message : `The ${serverName} could not read the request.`,
              type: tooLarge ? 'invalid_request_error' : 'server_error',
              param: null,
              code: tooLarge ? 'request_too_large' : 'internal_error',
            },
          }),
        );
      });
  };
}
