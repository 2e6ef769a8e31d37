import type { SessionSummary } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { setQueryData } from '../../../lib/query';
import { sessionsQueryOptions } from './getSessions';

/**
 * DELETE /api/auth/sessions/:id: signs that device out (404 when it is not the caller's); the
 * list of sessions drops it.
 */
export async function revokeSession(id: string): Promise<void> {
  await cookieClient.delete(`/api/auth/sessions/${encodeURIComponent(id)}`);
  setQueryData<SessionSummary[]>(sessionsQueryOptions().queryKey, (sessions) =>
    sessions.filter((session) => session.id !== id),
  );
}
