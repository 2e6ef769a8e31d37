import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * GET /api/voice/jobs/{jobId}/audio: a visitor's finished clip, read once with their visitor key
 * and kept in their browser (the server keeps a visitor's clip a day only).
 */
export async function getVisitorClipAudio(jobId: string, signal?: AbortSignal): Promise<Blob> {
  const { data } = await cookieClient.get<Blob>(
    `/api/voice/jobs/${encodeURIComponent(jobId)}/audio`,
    { responseType: 'blob', signal, headers: visitorHeaders() },
  );
  return data;
}
