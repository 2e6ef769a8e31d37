import type { IncomingMessage, ServerResponse } from 'node:http';
import { nodeHandlerFor } from '../node-handler.ts';
import { createSandboxMusicServer, type SandboxMusicOptions } from './server.ts';
import { maxRequestBytes } from './wire.ts';

/**
 * The sandbox music server for Node's HTTP server: `(req, res)` for paths relative to its mount
 * (set `basePath` when it is mounted under a prefix). A client that goes away stops a slow answer.
 */
export function createSandboxMusicHandler(
  options: SandboxMusicOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return nodeHandlerFor(createSandboxMusicServer(options), {
    maxRequestBytes,
    serverName: 'sandbox music server',
  });
}
