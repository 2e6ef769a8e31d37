import type { IncomingMessage, ServerResponse } from 'node:http';
import { nodeHandlerFor } from '../node-handler.ts';
import { createSandboxImageServer, type SandboxImageOptions } from './server.ts';
import { maxRequestBytes } from './wire.ts';

/**
 * The sandbox image server for Node's HTTP server: `(req, res)` for paths relative to its mount
 * (set `basePath` when it is mounted under a prefix). A client that goes away stops a slow answer
 * and the rendering of the variants still to come.
 */
export function createSandboxImageHandler(
  options: SandboxImageOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return nodeHandlerFor(createSandboxImageServer(options), {
    maxRequestBytes,
    serverName: 'sandbox image server',
  });
}
