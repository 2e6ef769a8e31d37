import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createSandboxModelServer,
  maxRequestBytes,
  type ModelResponse,
  type SandboxModelOptions,
} from './server.ts';
import { readRequestBody, RequestBodyTooLarge } from '../request-body.ts';

async function send(res: ServerResponse, response: ModelResponse, signal: AbortSignal) {
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  if (typeof response.body === 'string') {
    res.setHeader('content-length', Buffer.byteLength(response.body));
    res.end(response.body);
    return;
  }
  res.flushHeaders();
  for await (const text of response.body) {
    if (signal.aborted) return;
    res.write(text);
  }
  res.end();
}

/**
 * The sandbox model server for Node's HTTP server: `(req, res)` for paths relative to its mount
 * (set `basePath` when it is mounted under a prefix). A client that goes away stops the stream.
 */
export function createSandboxModelHandler(
  options: SandboxModelOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const serve = createSandboxModelServer(options);
  return (req, res) => {
    const closed = new AbortController();
    res.once('close', () => closed.abort());
    readRequestBody(req, maxRequestBytes)
      .then((body) => {
        const response = serve({
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          body: body.toString('utf8'),
          signal: closed.signal,
        });
        return send(res, response, closed.signal);
      })
      .catch((error: unknown) => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const tooLarge = error instanceof RequestBodyTooLarge;
        const body = JSON.stringify({
          error: {
            message: tooLarge ? 'The request body is too large.' : 'The sandbox model failed.',
            type: tooLarge ? 'invalid_request_error' : 'server_error',
            param: null,
            code: tooLarge ? 'request_too_large' : 'internal_error',
          },
        });
        res.statusCode = tooLarge ? 413 : 500;
        res.setHeader('content-type', 'application/json');
        res.end(body);
      });
  };
}
