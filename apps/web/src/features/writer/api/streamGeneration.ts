import { writerStreamEvents, type WriterGenerationInput } from '@studio/contracts';
import { streamEvents, type StreamEvent } from '../../../lib/api/eventStream';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

export type WriterStreamEvent = StreamEvent<typeof writerStreamEvents>;

/**
 * POST /api/writer/generations: a piece written from a template, as server-sent events (start,
 * delta…, then done or error). Aborting `signal` closes the connection, which stops it (the
 * server keeps what came as a stopped version). Refusals before the stream (400, 429) reject.
 */
export function streamGeneration(
  request: WriterGenerationInput,
  signal: AbortSignal,
): AsyncGenerator<WriterStreamEvent> {
  return streamEvents({
    path: '/api/writer/generations',
    method: 'POST',
    json: request,
    headers: visitorHeaders(),
    schemas: writerStreamEvents,
    signal,
  });
}
