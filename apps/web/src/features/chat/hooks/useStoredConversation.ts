import type { ChatMessage } from '@studio/contracts';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyValueStore } from '../../../lib/storage';
import { SAVE_DEBOUNCE_MS, storedConversations } from './chatStorage';

export interface StoredConversationOptions {
  store: KeyValueStore;
  /** The conversation's key when the chat opens it (conversationKey). */
  initialKey: string;
  /**
   * The reply being written now: it is stored as interrupted (as far as it got), and a reload
   * follows it again from the server (useChat), which goes on writing it.
   */
  writingId: () => string | null;
}

export interface StoredConversation {
  messages: ChatMessage[];
  title: string | null;
  /** The messages now, changes not yet rendered included (for callbacks between renders). */
  currentMessages: () => ChatMessage[];
  setMessages: (change: (current: ChatMessage[]) => ChatMessage[]) => void;
  setTitle: (title: string | null) => void;
  /** §4: the conversation got (or changed) its key; what is stored moves there, saves follow. */
  moveTo: (key: string) => void;
  /**
   * §4 reset: what is stored under the current key and `next` is removed (a pending save too),
   * the messages and title are emptied, and later saves go to `next`.
   */
  clear: (next: string) => void;
}

/**
 * One conversation's messages and title, kept in local storage (§3, §9): what is stored shows at
 * once, and every change is saved 150 ms after the last one, under the key of the moment the
 * change was made. Leaving the page (or the chat) saves what is pending.
 */
export function useStoredConversation({
  store,
  initialKey,
  writingId,
}: StoredConversationOptions): StoredConversation {
  const conversations = useMemo(() => storedConversations(store), [store]);
  const [opened] = useState(() => conversations.get(initialKey));
  const [messages, setMessagesState] = useState(opened.messages);
  const [title, setTitleState] = useState(opened.title);
  const messagesRef = useRef(messages);
  const titleRef = useRef(title);
  const keyRef = useRef(initialKey);
  const writingRef = useRef(writingId);
  useLayoutEffect(() => {
    writingRef.current = writingId;
  });

  const setMessages = useCallback((change: (current: ChatMessage[]) => ChatMessage[]) => {
    messagesRef.current = change(messagesRef.current);
    setMessagesState(messagesRef.current);
  }, []);
  const setTitle = useCallback((next: string | null) => {
    titleRef.current = next;
    setTitleState(next);
  }, []);

  const pendingRef = useRef<{ key: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const flush = useCallback(() => {
    const pending = pendingRef.current;
    if (!pending) return;
    clearTimeout(pending.timer);
    pendingRef.current = null;
    const writing = writingRef.current();
    conversations.save(pending.key, {
      messages: messagesRef.current.map((message) =>
        message.id === writing ? { ...message, status: 'interrupted' } : message,
      ),
      title: titleRef.current,
    });
  }, [conversations]);

  const skipSave = useRef(true);
  useEffect(() => {
    titleRef.current = title;
    // The first render shows what is stored: nothing to write.
    if (skipSave.current) {
      skipSave.current = false;
      return;
    }
    const key = keyRef.current;
    if (pendingRef.current && pendingRef.current.key !== key) flush();
    if (pendingRef.current) clearTimeout(pendingRef.current.timer);
    pendingRef.current = { key, timer: setTimeout(flush, SAVE_DEBOUNCE_MS) };
  }, [messages, title, flush]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const moveTo = useCallback(
    (key: string) => {
      flush();
      conversations.move(keyRef.current, key);
      keyRef.current = key;
    },
    [flush, conversations],
  );

  const clear = useCallback(
    (next: string) => {
      if (pendingRef.current) clearTimeout(pendingRef.current.timer);
      pendingRef.current = null;
      conversations.remove(keyRef.current);
      conversations.remove(next);
      keyRef.current = next;
      setMessages(() => []);
      setTitle(null);
    },
    [setMessages, setTitle, conversations],
  );

  const currentMessages = useCallback(() => messagesRef.current, []);

  return { messages, title, currentMessages, setMessages, setTitle, moveTo, clear };
}
