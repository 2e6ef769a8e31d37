import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * GET /api/voice/jobs/{jobId}/parts/{index}: sentence `index` (from 0) as WAV, once the job's
 * progress says it is spoken (`steps.done > index`); 404 before, and for anyone but its owner.
 */
export async function getPart(jobId: string, index: number, signal?: AbortSignal): Promise<Blob> {
  const { data } = await cookieClient.get<Blob>(
    `/api/voice/jobs/${encodeURIComponent(jobId)}/parts/${index}`,
    { responseType: 'blob', signal, headers: visitorHeaders() },
  );
  return data;
}
