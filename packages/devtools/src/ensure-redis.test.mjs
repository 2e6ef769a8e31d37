import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { redisAnswers } from './ensure-redis.mjs';

/** A TCP server on a free loopback port that answers every line with `reply`. */
async function fakeServer(/** @type {string} */ reply) {
  const server = createServer((socket) => socket.on('data', () => socket.write(reply)));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { port: address.port, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('redisAnswers', () => {
  it('is true when PING gets +PONG', async () => {
    const server = await fakeServer('+PONG\r\n');
    expect(await redisAnswers(server.port)).toBe(true);
    await server.close();
  });

  it('is false for a server that answers something else, and for a closed port', async () => {
    const server = await fakeServer('-NOAUTH Authentication required.\r\n');
    expect(await redisAnswers(server.port)).toBe(false);
    await server.close();
    expect(await redisAnswers(server.port)).toBe(false);
  });
});
