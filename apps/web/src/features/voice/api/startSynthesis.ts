import {
  voiceSynthesisJob,
  type VoiceSynthesisInput,
  type VoiceSynthesisJob,
} from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { visitorHeaders } from '../../../lib/visitor/visitorHeaders';

/**
 * POST /api/voice/syntheses: answers 202 with the job to follow (its progress counts the
 * sentences spoken); refusals reject with the server's words (400 too long or empty, 403 a voice
 * of another plan, 429 today's characters used up, with the quota body).
 */
export async function startSynthesis(
  request: VoiceSynthesisInput,
  signal?: AbortSignal,
): Promise<VoiceSynthesisJob> {
  const { data } = await cookieClient.post<unknown>('/api/voice/syntheses', request, {
    signal,
    headers: visitorHeaders(),
  });
  return voiceSynthesisJob.parse(data);
}
