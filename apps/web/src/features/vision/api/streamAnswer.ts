import { visionAnswerEvents, type VisionAnswerInput } from '@studio/contracts';
import { streamEvents, type StreamEvent } from '../../../lib/api/eventStream';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

export type VisionAnswerEvent = StreamEvent<typeof visionAnswerEvents>;

/**
 * POST /api/vision/reads/{id}/answers: an answer about the picture as server-sent events
 * (start, delta…, then done or error). Aborting `signal` closes the connection, which stops the
 * answer (the server keeps it as stopped). Refusals before the stream (400, 403, 429) reject.
 */
export function streamAnswer(
  readId: string,
  request: VisionAnswerInput,
  signal: AbortSignal,
): AsyncGenerator<VisionAnswerEvent> {
  return streamEvents({
    path: `/api/vision/reads/${encodeURIComponent(readId)}/answers`,
    method: 'POST',
    json: request,
    headers: visitorHeaders(),
    schemas: visionAnswerEvents,
    signal,
  });
}
