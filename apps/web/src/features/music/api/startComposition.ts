import { musicComposeJob, type MusicComposeInput, type MusicComposeJob } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * POST /api/music/pieces: answers 202 with the job to follow (planning … storing); refusals reject
 * with the server's words (400 bad settings or a model that cannot, 403 a model of another plan,
 * 429 today's seconds used up, with the quota body).
 */
export async function startComposition(
  request: MusicComposeInput,
  signal?: AbortSignal,
): Promise<MusicComposeJob> {
  const { data } = await cookieClient.post<unknown>('/api/music/pieces', request, {
    signal,
    headers: visitorHeaders(),
  });
  return musicComposeJob.parse(data);
}
