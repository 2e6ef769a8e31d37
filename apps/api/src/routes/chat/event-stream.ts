import { type ChatStreamEventType, chatStreamEvents } from '@studio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { openTypedEventStream } from '../../http/event-stream.ts';

export interface EventStream {
  send<K extends ChatStreamEventType>(
    type: K,
    data: z.infer<(typeof chatStreamEvents)[K]>,
    id?: number,
  ): void;
  end(): void;
}

/** The chat reply's event stream (http/event-stream.ts, with the chat's events). */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  // A reply's deltas are strings the model wrote, appended as `{ text }` (live-replies.ts).
  return openTypedEventStream(request, reply, chatStreamEvents, { unchecked: ['delta'] });
}
