import { visionRead, type VisionRead } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/** GET /api/vision/reads/{id}: one of the caller's reads with its answers (404 for anyone else). */
export async function getRead(id: string, signal?: AbortSignal): Promise<VisionRead> {
  const { data } = await cookieClient.get<unknown>(`/api/vision/reads/${encodeURIComponent(id)}`, {
    signal,
    headers: visitorHeaders(),
  });
  return visionRead.parse(data);
}
