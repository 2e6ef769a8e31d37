import type { JobView } from '@studio/contracts';
import { cookieClient } from '../../clients';

/** GET /api/jobs/{id}: one of the user's jobs (any studio tool's) as it is now. */
export async function getJob(jobId: string, signal?: AbortSignal): Promise<JobView> {
  const response = await cookieClient.get<JobView>(`/api/jobs/${encodeURIComponent(jobId)}`, {
    signal,
  });
  return response.data;
}
