import type { ShareResponse } from '@studio/contracts';
import { useCallback, useEffect, useState } from 'react';
import { getShareStatus } from '../api/getShareStatus';
import { revokeShare } from '../api/revokeShare';
import { shareConversation } from '../api/shareConversation';

export type ShareLinkState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; share: ShareResponse };

export interface UseShareLink {
  state: ShareLinkState;
  reload: () => void;
  /** Creates (or replaces) the link; rejects when the API refused. */
  create: (expiresInDays: number) => Promise<void>;
  /** Revokes the link; rejects when the API refused. */
  revoke: () => Promise<void>;
}

/** One conversation's share link: its status, creating it and revoking it. */
export function useShareLink(conversationId: string): UseShareLink {
  const [attempt, setAttempt] = useState(0);
  const key = `${conversationId}\u0000${attempt}`;
  const [result, setResult] = useState<{ key: string; state: ShareLinkState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getShareStatus(conversationId, controller.signal)
      .then((share) => setResult({ key, state: { status: 'ready', share } }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setResult({ key, state: { status: 'error', error } });
      });
    return () => controller.abort();
  }, [conversationId, key]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const create = useCallback(
    async (expiresInDays: number) => {
      const share = await shareConversation({ conversationId, expiresInDays });
      setResult({ key, state: { status: 'ready', share } });
    },
    [conversationId, key],
  );

  const revoke = useCallback(async () => {
    await revokeShare(conversationId);
    setResult({
      key,
      state: {
        status: 'ready',
        share: { isShared: false, slug: null, shareUrl: null, expiresAt: null },
      },
    });
  }, [conversationId, key]);

  return {
    state: result?.key === key ? result.state : { status: 'loading' },
    reload,
    create,
    revoke,
  };
}
