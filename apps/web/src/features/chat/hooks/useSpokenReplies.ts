import type { SpokenReply } from '@studio/contracts';
import { useCallback, useState } from 'react';

export interface SpokenReplies {
  /** Spoken replies by assistant message id. */
  audio: Readonly<Record<string, SpokenReply>>;
  keep: (messageId: string, reply: SpokenReply) => void;
  clear: () => void;
}

/** The spoken replies of this visit (audio is not stored: a reload shows the text only). */
export function useSpokenReplies(): SpokenReplies {
  const [audio, setAudio] = useState<Record<string, SpokenReply>>({});
  const keep = useCallback(
    (messageId: string, reply: SpokenReply) =>
      setAudio((current) => ({ ...current, [messageId]: reply })),
    [],
  );
  const clear = useCallback(() => setAudio({}), []);
  return { audio, keep, clear };
}
