import type { FastifyReply } from 'fastify';

/**
 * Aborts when the client goes away before the answer has ended (the stop button, a closed tab):
 * the signal reaches the model or provider call, which stops with it.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('client closed the connection'));
  });
  return controller.signal;
}
