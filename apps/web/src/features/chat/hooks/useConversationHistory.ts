import type { ChatMessage } from '@studio/contracts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { getHistory } from '../api/getHistory';

export interface ConversationHistoryOptions {
  /** The server conversation the chat opened; null for a new one or a visitor's (nothing to load). */
  conversationId: string | null;
  load: typeof getHistory;
  onLoad: (history: ChatMessage[]) => void;
  onError: (failure: unknown) => void;
}

/**
 * A signed-in user's conversation as the server has it, read once when the chat opens it (what
 * is stored in this browser shows meanwhile). Returns whether it is still loading.
 *
 * Not on lib/query: the chat is in a visitor's first load of /, which lib/query would take over
 * its budget (useChatModels says by how much).
 */
export function useConversationHistory({
  conversationId,
  load,
  onLoad,
  onError,
}: ConversationHistoryOptions): boolean {
  const [opened] = useState(conversationId);
  const [loading, setLoading] = useState(opened !== null);
  const latest = useRef({ load, onLoad, onError });
  useLayoutEffect(() => {
    latest.current = { load, onLoad, onError };
  });

  useEffect(() => {
    if (opened === null) return;
    const controller = new AbortController();
    latest.current
      .load(opened, controller.signal)
      .then((history) => latest.current.onLoad(history))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) latest.current.onError(failure);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [opened]);

  return loading;
}
