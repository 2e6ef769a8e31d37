import type { SessionSummary } from '@studio/contracts';
import { useCallback, useEffect, useState } from 'react';
import { getSessions } from '../api/getSessions';
import { revokeSession } from '../api/revokeSession';

export type SessionsState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'loaded'; sessions: SessionSummary[] };

export interface UseSessions {
  state: SessionsState;
  /** Loads the list again (after a failure). */
  reload: () => void;
  /** Signs one device out and drops it from the list; rejects when the API refused. */
  revoke: (id: string) => Promise<void>;
}

/** The signed-in user's first-party sessions: this device first, then by latest activity. */
export function useSessions(): UseSessions {
  const [state, setState] = useState<SessionsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getSessions(controller.signal)
      .then((sessions) => {
        // This device first, then by latest activity.
        const sorted = [...sessions].sort(
          (a, b) =>
            Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
        );
        setState({ status: 'loaded', sessions: sorted });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const revoke = useCallback(async (id: string) => {
    await revokeSession(id);
    setState((current) =>
      current.status === 'loaded'
        ? { status: 'loaded', sessions: current.sessions.filter((session) => session.id !== id) }
        : current,
    );
  }, []);

  return { state, reload, revoke };
}
