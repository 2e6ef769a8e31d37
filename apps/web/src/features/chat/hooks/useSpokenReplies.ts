import type { SpokenSentencePart } from '@studio/contracts';
import { useCallback, useState } from 'react';

export interface SpokenReplies {
  /** Each assistant message's spoken sentences so far, in order, by message id. */
  audio: Readonly<Record<string, readonly SpokenSentencePart[]>>;
  /** A sentence of a reply, spoken (the stream's `speech` event). */
  add: (messageId: string, part: SpokenSentencePart) => void;
  clear: () => void;
}

/** The spoken replies of this visit (audio is not stored: a reload shows the text only). */
export function useSpokenReplies(): SpokenReplies {
  const [audio, setAudio] = useState<Record<string, readonly SpokenSentencePart[]>>({});
  const add = useCallback(
    (messageId: string, part: SpokenSentencePart) =>
      setAudio((current) => {
        const parts = current[messageId] ?? [];
        // The server sends them in order, once each; a repeat (a resumed stream) is dropped.
        if (parts.some((kept) => kept.index === part.index)) return current;
        return { ...current, [messageId]: [...parts, part] };
      }),
    [],
  );
  const clear = useCallback(() => setAudio({}), []);
  return { audio, add, clear };
}
