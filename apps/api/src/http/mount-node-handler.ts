import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Whether a raw request URL is under a mount path (the path itself or anything below it). */
export function isUnder(mountPath: string, url: string): boolean {
  return url === mountPath || url.startsWith(`${mountPath}/`) || url.startsWith(`${mountPath}?`);
}

/**
 * Hands every request under `mountPath` to a plain Node handler (a sandbox stand-in: the identity
 * provider, the model server, the payment emulators), before any later hook sees it: it is a
 * separate service with its own wire format and defences. Register it before the app's own hooks.
 */
export function mountNodeHandler(
  app: FastifyInstance,
  mountPath: string,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!isUnder(mountPath, request.raw.url ?? '')) {
      done();
      return;
    }
    reply.hijack();
    handler(request.raw, reply.raw);
    // A hijacked reply ends the lifecycle here: no later hook, parser or handler runs.
    done();
  });
}
