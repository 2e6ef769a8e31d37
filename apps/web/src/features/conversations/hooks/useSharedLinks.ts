import type { SharedLink } from '@studio/contracts';
import { useCallback, useEffect, useState } from 'react';
import { listSharedLinks } from '../api/listSharedLinks';
import { revokeShare } from '../api/revokeShare';

export type SharedLinksState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; links: SharedLink[] };

/** The user's live share links (for /profile), each revocable. */
export function useSharedLinks() {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; state: SharedLinksState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    listSharedLinks(controller.signal)
      .then((links) => setResult({ attempt, state: { status: 'ready', links } }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setResult({ attempt, state: { status: 'error', error } });
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const revoke = useCallback(async (conversationId: string) => {
    await revokeShare(conversationId);
    setResult((latest) =>
      latest?.state.status === 'ready'
        ? {
            ...latest,
            state: {
              status: 'ready',
              links: latest.state.links.filter((link) => link.conversationId !== conversationId),
            },
          }
        : latest,
    );
  }, []);

  const state: SharedLinksState =
    result?.attempt === attempt ? result.state : { status: 'loading' };
  return { state, reload, revoke };
}
