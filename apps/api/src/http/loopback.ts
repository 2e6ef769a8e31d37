import type { FastifyRequest } from 'fastify';

const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether the request comes from this machine itself: the socket's address, never request.ip
 * (a client's own X-Forwarded-For must not make it look local). A request that a proxy on this
 * machine forwarded (it says so with X-Forwarded-For or Forwarded) came from elsewhere, so it
 * is not local either, whatever TRUST_PROXY says.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  return loopbackAddresses.has(request.socket.remoteAddress ?? '');
}
