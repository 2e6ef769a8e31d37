import type { JobView } from '@studio/contracts';
import { cookieClient } from '../../clients';

/** DELETE /api/jobs/{id}: cancels a queued or running job (409 once it has finished). */
export async function cancelJob(jobId: string): Promise<JobView> {
  const response = await cookieClient.delete<JobView>(`/api/jobs/${encodeURIComponent(jobId)}`);
  return response.data;
}
