import { useLayoutEffect, useRef, useState } from 'react';
// Not lib/query's index, which would bring all of it into a visitor's first load of / (index.ts).
import { useQuery } from '../../../lib/query/useQuery';
import { historyQueryOptions, type ChatHistory, type getHistory } from '../api/getHistory';

export interface ConversationHistoryOptions {
  /** The server conversation the chat opened; null for a new one or a visitor's (nothing to load). */
  conversationId: string | null;
  /** Reads the history: the first render's (a key keeps the loader it was first read with). */
  load: typeof getHistory;
  onLoad: (history: ChatHistory) => void;
  onError: (failure: unknown) => void;
}

/**
 * A signed-in user's conversation as the server has it, read once when the chat opens it (what
 * is stored in this browser shows meanwhile), through lib/query: the request is aborted if the
 * chat goes first. Its answer, or its failure, is handed over once: it seeds the chat's
 * messages, which live on their own from then on. Returns whether it is still loading.
 */
export function useConversationHistory({
  conversationId,
  load,
  onLoad,
  onError,
}: ConversationHistoryOptions): boolean {
  const [opened] = useState(conversationId);
  const query = useQuery(historyQueryOptions(opened, load));
  const history = query.status === 'success' ? query.data : null;
  const failed = query.status === 'error';
  const failure = failed ? query.error : null;
  const latest = useRef({ onLoad, onError });
  const handedOver = useRef(false);
  useLayoutEffect(() => {
    latest.current = { onLoad, onError };
  });

  // Before the browser paints: the server's messages come in the frame in which loading ends.
  useLayoutEffect(() => {
    if (handedOver.current || (history === null && !failed)) return;
    handedOver.current = true;
    if (history === null) latest.current.onError(failure);
    else latest.current.onLoad(history);
  }, [history, failed, failure]);

  return opened !== null && query.status === 'loading';
}
