import type { IncomingMessage, ServerResponse } from 'node:http';
import { nodeHandlerFor } from '../node-handler.ts';
import { createSandboxSpeechServer, type SandboxSpeechOptions } from './server.ts';
import { maxRequestBytes } from './wire.ts';

/**
 * The sandbox speech server for Node's HTTP server: `(req, res)` for paths relative to its mount
 * (set `basePath` when it is mounted under a prefix). A client that goes away stops the speaking.
 */
export function createSandboxSpeechHandler(
  options: SandboxSpeechOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return nodeHandlerFor(createSandboxSpeechServer(options), {
    maxRequestBytes,
    serverName: 'sandbox speech server',
  });
}
