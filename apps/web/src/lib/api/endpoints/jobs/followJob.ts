import type { JobStreamEvent, JobStreamEventType, jobStreamEvents } from '@studio/contracts';
import { apiHeaders, handleUnauthorized } from '../../clients';
import { HttpFailure } from '../../errorText';
import { apiSettings, type ApiSettings } from '../../settings';
import { readSseFrames, type SseFrame } from '../../../stream/sse';

function toEvent(frame: SseFrame, schemas: typeof jobStreamEvents): JobStreamEvent | null {
  if (!(frame.event in schemas)) return null;
  const type = frame.event as JobStreamEventType;
  const data: unknown = schemas[type].parse(JSON.parse(frame.data));
  // The schema for `type` produced `data`: the pair is one member of the union.
  return { type, data } as JobStreamEvent;
}

/** Loads the events' schemas (and zod) ahead, while the job is being started. */
export function prefetchJobSchemas(): void {
  void import('./schemas').catch(() => undefined);
}

/**
 * GET /api/jobs/{id}/events: the job as it is now (`state`), then its `progress` and `state`
 * events until it completes, fails or is cancelled. Aborting `signal` stops following (the job
 * goes on). A refusal before the stream starts rejects with an HttpFailure, as the API clients do.
 * `extraHeaders` are the caller's own (a visitor's key, for a job started without a session).
 */
export async function* followJob(
  jobId: string,
  signal?: AbortSignal,
  settings: ApiSettings = apiSettings,
  extraHeaders: Record<string, string> = {},
): AsyncGenerator<JobStreamEvent> {
  // zod and the schemas load with the first job followed, not with the page.
  const { jobStreamEvents: schemas } = await import('./schemas');
  const url = new URL(
    `${await settings.baseUrl()}/api/jobs/${encodeURIComponent(jobId)}/events`,
    window.location.href,
  );
  const headers = await apiHeaders(settings, url);
  headers.set('Accept', 'text/event-stream');
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'include', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new HttpFailure('network', { cause: error });
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let data: unknown = text;
    try {
      data = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the text is the answer.
    }
    if (response.status === 401) handleUnauthorized(settings, url.pathname);
    throw new HttpFailure({ status: response.status, data });
  }
  for await (const frame of readSseFrames(response.body, signal)) {
    const event = toEvent(frame, schemas);
    if (event) yield event;
  }
}
