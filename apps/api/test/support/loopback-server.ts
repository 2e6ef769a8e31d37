import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Closes the server and every connection still open. */
  close(): Promise<void>;
}

/**
 * An HTTP server on an ephemeral 127.0.0.1 port for a fake upstream: a handler that throws
 * destroys its response (the client sees the connection drop, as with a crashed server).
 */
export async function listenOnLoopback(
  serve: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<LoopbackServer> {
  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
