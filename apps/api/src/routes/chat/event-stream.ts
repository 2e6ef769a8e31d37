import { type ChatStreamEventType, chatStreamEvents } from '@studio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

const heartbeatMs = 15_000;

export interface EventStream {
  send<K extends ChatStreamEventType>(type: K, data: z.infer<(typeof chatStreamEvents)[K]>): void;
  end(): void;
}

/**
 * Takes the response over from Fastify and opens a server-sent event stream: each event is
 * written (and so flushed) as soon as it is sent. The headers the hooks have set so far
 * (security headers) are kept; proxies are told not to buffer.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack();
  const raw = reply.raw;
  const inherited = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined),
  );
  raw.writeHead(200, {
    ...inherited,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  // A client that hung up makes writes fail; its stop has already reached the model.
  raw.on('error', (error) => request.log.debug({ err: error }, 'event stream write failed'));
  const open = () => !raw.destroyed && !raw.writableEnded;
  // A comment line now and then keeps proxies from closing a stream while the model thinks.
  const heartbeat = setInterval(() => {
    if (open()) raw.write(': keep-alive\n\n');
  }, heartbeatMs);
  raw.on('close', () => clearInterval(heartbeat));

  return {
    send(type, data) {
      if (!open()) return;
      // Checked against the contract, so the stream never says what the SPA cannot read.
      const parsed = chatStreamEvents[type].parse(data);
      raw.write(`event: ${type}\ndata: ${JSON.stringify(parsed)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      if (open()) raw.end();
    },
  };
}

/**
 * Aborts when the client goes away before the answer is complete (stop button, closed tab): the
 * signal reaches the provider call.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('client closed the connection'));
  });
  return controller.signal;
}
