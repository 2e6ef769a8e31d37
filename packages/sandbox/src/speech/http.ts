import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestBody, RequestBodyTooLarge } from '../request-body.ts';
import { createSandboxSpeechServer, type SandboxSpeechOptions } from './server.ts';
import { maxRequestBytes } from './wire.ts';

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/**
 * The sandbox speech server for Node's HTTP server: `(req, res)` for paths relative to its mount
 * (set `basePath` when it is mounted under a prefix). A client that goes away stops the speaking.
 */
export function createSandboxSpeechHandler(
  options: SandboxSpeechOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const serve = createSandboxSpeechServer(options);
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
        res.setHeader('content-length', response.body.length);
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
              message: tooLarge
                ? error.message
                : 'The sandbox speech server could not read the request.',
              type: tooLarge ? 'invalid_request_error' : 'server_error',
              param: null,
              code: tooLarge ? 'request_too_large' : 'internal_error',
            },
          }),
        );
      });
  };
}
