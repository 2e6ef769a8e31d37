import type { SessionSummary } from '@studio/contracts';
import { cookieClient } from '../../../lib/api/clients';
import { mutationOptions, setQueryData } from '../../../lib/query';
import { sessionsQueryOptions } from './getSessions';

/** DELETE /api/auth/sessions/:id: signs that device out (404 when it is not the caller's). */
export async function revokeSession(id: string, signal?: AbortSignal): Promise<void> {
  await cookieClient.delete(`/api/auth/sessions/${encodeURIComponent(id)}`, { signal });
}

/** Signing a device out: the list of sessions drops it. */
export const revokeSessionMutation = mutationOptions({
  mutationFn: revokeSession,
  onSuccess: (_, id: string) =>
    setQueryData<SessionSummary[]>(sessionsQueryOptions().queryKey, (sessions) =>
      sessions.filter((session) => session.id !== id),
    ),
});
