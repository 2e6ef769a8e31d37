import {
  officeAnswerEvents,
  officeAnswerRequest,
  officeAnswersResponse,
  type OfficeAnswerInput,
  type OfficeAnswersResponse,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { streamEvents, type StreamEvent } from '../../../lib/api/eventStream';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';
import { documentPath } from './documents';

export type OfficeAnswerEvent = StreamEvent<typeof officeAnswerEvents>;

/** GET /api/office/documents/{id}/answers: the summaries and answers kept, oldest first. */
export async function getOfficeAnswers(
  id: string,
  signal?: AbortSignal,
): Promise<OfficeAnswersResponse> {
  const { data } = await cookieClient.get<unknown>(`${documentPath(id)}/answers`, {
    signal,
    headers: visitorHeaders(),
  });
  return officeAnswersResponse.parse(data);
}

/**
 * POST /api/office/documents/{id}/answers: a summary or an answer as it is written (start with
 * its sources, delta text with [n] markers, done with the kept answer, or error). Aborting
 * `signal` closes the connection, which stops it; a refusal before it starts (429 and the others)
 * rejects as the API clients do (HttpFailure).
 */
export async function* streamOfficeAnswer(
  id: string,
  request: OfficeAnswerInput,
  signal?: AbortSignal,
): AsyncGenerator<OfficeAnswerEvent> {
  yield* streamEvents({
    path: `${documentPath(id)}/answers`,
    method: 'POST',
    json: officeAnswerRequest.parse(request),
    headers: visitorHeaders(),
    schemas: officeAnswerEvents,
    signal,
  });
}
