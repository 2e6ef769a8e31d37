import { createServer } from 'node:net';

/**
 * A loopback port free right now (bound, then closed): for a server a test starts on it, or,
 * left unused, for an address where nothing answers.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
