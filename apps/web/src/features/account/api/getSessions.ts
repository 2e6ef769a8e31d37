import { sessionListResponse, type SessionSummary } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';

/** GET /api/auth/sessions: where the signed-in user is signed in with a first-party session. */
export async function getSessions(signal?: AbortSignal): Promise<SessionSummary[]> {
  const { data } = await cookieClient.get<unknown>('/api/auth/sessions', { signal });
  return sessionListResponse.parse(data).sessions;
}
