import type { JobView } from '@studio/contracts';
import { cookieClient } from '../../clients';

/**
 * DELETE /api/jobs/{id}: cancels a queued or running job (409 once it has finished). `headers`
 * are the caller's own (a visitor's key, for a job started without a session).
 */
export async function cancelJob(jobId: string, headers?: Record<string, string>): Promise<JobView> {
  const response = await cookieClient.delete<JobView>(`/api/jobs/${encodeURIComponent(jobId)}`, {
    headers,
  });
  return response.data;
}
