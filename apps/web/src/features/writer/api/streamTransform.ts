import { writerStreamEvents, type WriterTransformInput } from '@studio/contracts';
import { streamEvents } from '../../../lib/api/eventStream';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import type { WriterStreamEvent } from './streamGeneration';

/**
 * POST /api/writer/transforms: the text (or only its selected passage) rewritten, shortened,
 * expanded, put in a tone, corrected or translated, streamed as a generation is; `done` carries
 * the whole text with the passage put back in its place.
 */
export function streamTransform(
  request: WriterTransformInput,
  signal: AbortSignal,
): AsyncGenerator<WriterStreamEvent> {
  return streamEvents({
    path: '/api/writer/transforms',
    method: 'POST',
    json: request,
    headers: visitorHeaders(),
    schemas: writerStreamEvents,
    signal,
  });
}
