import type { JobStreamEvent } from '@studio/contracts';
import { SILENT_STREAM_MS, streamEvents } from '../../eventStream';
import { apiSettings, type ApiSettings } from '../../settings';

/** Loads the events' schemas (and zod) ahead, while the job is being started. */
export function prefetchJobSchemas(): void {
  void import('./schemas').catch(() => undefined);
}

/**
 * GET /api/jobs/{id}/events: the job as it is now (`state`), then its `progress` and `state`
 * events until it completes, fails or is cancelled. Aborting `signal` stops following (the job
 * goes on). A refusal before the stream starts rejects with an HttpFailure, as the API clients do;
 * a stream silent past SILENT_STREAM_MS rejects (SseStalledError), to be followed again.
 * `extraHeaders` are the caller's own (a visitor's key, for a job started without a session).
 */
export async function* followJob(
  jobId: string,
  signal?: AbortSignal,
  settings: ApiSettings = apiSettings,
  extraHeaders: Record<string, string> = {},
): AsyncGenerator<JobStreamEvent> {
  // zod and the schemas load with the first job followed, not with the page.
  const { jobStreamEvents } = await import('./schemas');
  yield* streamEvents({
    path: `/api/jobs/${encodeURIComponent(jobId)}/events`,
    headers: extraHeaders,
    schemas: jobStreamEvents,
    signal,
    settings,
    idleMs: SILENT_STREAM_MS,
  });
}
