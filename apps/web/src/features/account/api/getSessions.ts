import { sessionListResponse, type SessionSummary } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { queryOptions, useQuery } from '../../../lib/query';

/** GET /api/auth/sessions: where the signed-in user is signed in with a first-party session. */
export async function getSessions(signal?: AbortSignal): Promise<SessionSummary[]> {
  const { data } = await cookieClient.get<unknown>('/api/auth/sessions', { signal });
  return sessionListResponse.parse(data).sessions;
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['sessions'],
    queryFn: async (signal) =>
      // This device first, then by latest activity.
      [...(await getSessions(signal))].sort(
        (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
      ),
  });

/** The signed-in user's first-party sessions: this device first, then by latest activity. */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
