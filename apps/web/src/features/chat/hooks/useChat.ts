import type { ChatMessage, ChatSendRequest, HistoryTurn, SpokenReply } from '@studio/contracts';
import { MESSAGE_MAX_LENGTH, MODEL_ID_REQUIRED } from '@studio/contracts/chatOptions';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyValueStore } from '../../../lib/storage';
import { deleteConversation } from '../../../lib/api/endpoints/conversations/deleteConversation';
import { ChatQuotaError, chatErrorMessage } from '../api/errors';
import { getHistory } from '../api/getHistory';
import { streamChat } from '../api/streamChat';
import {
  SAVE_DEBOUNCE_MS,
  conversationKey,
  moveConversation,
  readConversation,
  removeConversation,
  writeConversation,
} from './chatStorage';

/** The spoken-reply settings the chat sends with each message (F's voice controls fill them). */
export interface VoiceSettings {
  enabled: boolean;
  voice: string | null;
  speed: number;
  pitch: number;
}

export type ChatStatus = 'idle' | 'sending' | 'streaming';

/** What the chat shows when the daily quota is used up. */
export interface QuotaState {
  message: string;
  resetsAt?: string;
  upgradeUrl?: string;
}

/**
 * A failure to show. `message` is the §8 text from the exception or the server; null means
 * neither said anything, and the view shows its translated fallback for `kind`.
 */
export interface ChatError {
  kind: 'send' | 'history';
  message: string | null;
  /** The model provider refused for now (its 429): the view says so in the UI's language. */
  rateLimited?: boolean;
  /** When the provider said to try again, in seconds from when the error arrived. */
  retryAfterSeconds?: number;
}

/** What a send came to: on `failed`, `draft` is the text to put back into the composer. */
export type SendOutcome = { status: 'sent' | 'stopped' } | { status: 'failed'; draft: string };

export interface UseChatOptions {
  signedIn: boolean;
  /** The active server conversation (signed-in users); null for a new chat or a visitor. */
  conversationId: string | null;
  onConversationChange: (id: string | null) => void;
  store: KeyValueStore;
  modelId: string | null;
  voice?: VoiceSettings;
  onQuota?: (quota: QuotaState) => void;
  /** The API calls, swapped in tests. */
  api?: Partial<ChatApi>;
}

export interface ChatApi {
  stream: typeof streamChat;
  loadHistory: typeof getHistory;
  remove: typeof deleteConversation;
}

const defaultApi: ChatApi = {
  stream: streamChat,
  loadHistory: getHistory,
  remove: deleteConversation,
};

export interface UseChat {
  messages: ChatMessage[];
  title: string | null;
  status: ChatStatus;
  /** The assistant message being written, if any. */
  streamingId: string | null;
  /**
   * The reply's place in the local model's line while it waits (1 = next), from the stream's
   * `queue` events; null once it is being written, or when it never waited.
   */
  queuePosition: number | null;
  error: ChatError | null;
  quota: QuotaState | null;
  /** Spoken replies by assistant message id (this visit only: audio is not stored). */
  audio: Readonly<Record<string, SpokenReply>>;
  loadingHistory: boolean;
  send: (text: string, imageUrls?: string[]) => Promise<SendOutcome>;
  /** Stops the reply being written; what it said so far stays, marked stopped. */
  stop: () => void;
  /** Answers the last user message again, replacing the last reply. */
  regenerate: () => Promise<SendOutcome>;
  /** Replaces a user message (and everything after it) and sends it again. */
  edit: (messageId: string, text: string) => Promise<SendOutcome>;
  /** §4: deletes on the server (errors ignored), then clears the active conversation. */
  reset: () => Promise<void>;
  dismissError: () => void;
}

/** The server keeps at most this many visitor turns (chatSendRequest.History). */
const HISTORY_LIMIT = 100;

/** A visitor's conversation so far, as the server takes it: finished turns with something said. */
export function historyTurns(messages: readonly ChatMessage[]): HistoryTurn[] {
  return messages
    .filter((message) => message.content.trim() !== '')
    .map((message) => ({
      role: message.role,
      content: message.content.slice(0, MESSAGE_MAX_LENGTH),
    }))
    .slice(-HISTORY_LIMIT);
}

let localIds = 0;
function localId(): string {
  localIds += 1;
  return `local-${Date.now().toString(36)}-${localIds}`;
}

function userMessage(content: string, imageUrls: string[]): ChatMessage {
  return {
    id: localId(),
    role: 'user',
    content,
    createdAt: new Date().toISOString(),
    modelId: null,
    imageUrls,
    status: 'complete',
  };
}

interface Turn {
  /** The messages kept before this turn. */
  base: ChatMessage[];
  /** The user message to show (null when regenerating: the last one in `base` is answered). */
  user: ChatMessage | null;
  request: Omit<ChatSendRequest, 'ModelId' | 'ConversationId'>;
  /** The text to give back to the composer when the turn fails before it started. */
  draft: string;
}

/**
 * One conversation's state machine (mount it again, e.g. with a React key, to open another; a
 * new conversation that gets its id from the server stays mounted): the messages, the reply growing by deltas as it streams, stop,
 * regenerate, edit and resend, errors (§8), and local persistence (§3, §4, §9: messages and
 * title per conversation in local storage, saved 150 ms after the last change, moved to the
 * server's id when a new conversation gets one). A failed reply never loses earlier messages or
 * the text the user typed.
 */
export function useChat({
  signedIn,
  conversationId,
  onConversationChange,
  store,
  modelId,
  voice,
  onQuota,
  api: apiOverrides,
}: UseChatOptions): UseChat {
  const api: ChatApi = { ...defaultApi, ...apiOverrides };
  const apiRef = useRef(api);
  const activeId = signedIn && conversationId ? conversationId : null;
  const [opened] = useState(() => {
    const key = conversationKey(signedIn, activeId);
    return { id: activeId, key, stored: readConversation(store, key) };
  });
  const keyRef = useRef(opened.key);
  const [messages, setMessagesState] = useState<ChatMessage[]>(opened.stored.messages);
  const [title, setTitle] = useState<string | null>(opened.stored.title);
  const [status, setStatus] = useState<ChatStatus>('idle');
  const [streamingId, setStreamingId] = useState<string | null>(null);
  const [queuePosition, setQueuePosition] = useState<number | null>(null);
  const [error, setError] = useState<ChatError | null>(null);
  const [quota, setQuota] = useState<QuotaState | null>(null);
  const [audio, setAudio] = useState<Record<string, SpokenReply>>({});
  const [loadingHistory, setLoadingHistory] = useState(opened.id !== null);

  const messagesRef = useRef(messages);
  const titleRef = useRef(title);
  const streamingRef = useRef<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const conversationIdRef = useRef(opened.id);
  const latest = useRef({ onConversationChange, onQuota, modelId, voice, signedIn });
  // The latest props for the callbacks, which run after render.
  useLayoutEffect(() => {
    apiRef.current = api;
    latest.current = { onConversationChange, onQuota, modelId, voice, signedIn };
  });

  const setMessages = useCallback((next: (current: ChatMessage[]) => ChatMessage[]) => {
    messagesRef.current = next(messagesRef.current);
    setMessagesState(messagesRef.current);
  }, []);

  // §9: saved 150 ms after the last change, under the key of the moment the change was made.
  const pendingRef = useRef<{ key: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const flush = useCallback(() => {
    const pending = pendingRef.current;
    if (!pending) return;
    clearTimeout(pending.timer);
    pendingRef.current = null;
    writeConversation(store, pending.key, {
      // A reply still being written is stored as stopped: a reload cannot resume it.
      messages: messagesRef.current.map((message) =>
        message.id === streamingRef.current ? { ...message, status: 'stopped' } : message,
      ),
      title: titleRef.current,
    });
  }, [store]);

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

  // Leaving the page (or the chat) keeps the last change and stops a reply on its way.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);
  useEffect(() => () => abortRef.current?.abort(), []);

  // A signed-in user's conversation: what is stored shows at once, then the server's history.
  useEffect(() => {
    if (opened.id === null) return;
    const controller = new AbortController();
    apiRef.current
      .loadHistory(opened.id, controller.signal)
      .then((history) => {
        // A reply started meanwhile shows its own turn; the history would hide it.
        if (abortRef.current === null) setMessages(() => history);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) {
          setError({ kind: 'history', message: chatErrorMessage(failure) });
        }
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoadingHistory(false);
      });
    return () => controller.abort();
  }, [opened, setMessages]);

  /** A new conversation got its id from the server (`start`): its stored turns move there. */
  const adopt = useCallback(
    (id: string) => {
      flush();
      const key = conversationKey(true, id);
      moveConversation(store, keyRef.current, key);
      keyRef.current = key;
      conversationIdRef.current = id;
      latest.current.onConversationChange(id);
    },
    [flush, store],
  );

  const run = useCallback(
    async ({ base, user, request, draft }: Turn): Promise<SendOutcome> => {
      const { modelId: model, voice: speech, signedIn: member } = latest.current;
      if (abortRef.current) return { status: 'failed', draft };
      if (!model) {
        setError({ kind: 'send', message: MODEL_ID_REQUIRED });
        return { status: 'failed', draft };
      }
      const before = messagesRef.current;
      const controller = new AbortController();
      abortRef.current = controller;
      setMessages(() => (user ? [...base, user] : base));
      setStatus('sending');
      setError(null);
      setQuota(null);

      let assistantId: string | null = null;
      let finished = false;
      let refusedBeforeStart = false;
      const updateAssistant = (change: (message: ChatMessage) => ChatMessage) =>
        setMessages((current) =>
          current.map((message) => (message.id === assistantId ? change(message) : message)),
        );
      const endStreaming = () => {
        streamingRef.current = null;
        setStreamingId(null);
        setQueuePosition(null);
      };

      try {
        const events = apiRef.current.stream(
          {
            ...request,
            ModelId: model,
            // §5: an empty conversation id is sent as null.
            ConversationId: member ? conversationIdRef.current || null : null,
            ReturnAudio: speech?.enabled ?? false,
            AudioFormat: 'mp3',
            ...(speech?.enabled
              ? { Voice: speech.voice, Speed: speech.speed, Pitch: speech.pitch }
              : {}),
          },
          controller.signal,
        );
        for await (const event of events) {
          switch (event.type) {
            case 'start': {
              const { conversationId: serverId, userMessage: saved } = event.data;
              const localUserId = user?.id ?? base.findLast((m) => m.role === 'user')?.id;
              assistantId = event.data.assistantMessageId;
              const assistant: ChatMessage = {
                id: assistantId,
                role: 'assistant',
                content: '',
                createdAt: new Date().toISOString(),
                modelId: event.data.modelId,
                imageUrls: [],
                status: 'complete',
              };
              streamingRef.current = assistantId;
              setStreamingId(assistantId);
              setStatus('streaming');
              setMessages((current) => [
                ...current.map((message) => (message.id === localUserId ? saved : message)),
                assistant,
              ]);
              // §5: an empty id is no id.
              if (member && serverId && serverId !== conversationIdRef.current) adopt(serverId);
              break;
            }
            case 'queue': {
              setQueuePosition(event.data.position);
              break;
            }
            case 'delta': {
              // The first words: the reply left the line.
              setQueuePosition(null);
              const { text } = event.data;
              updateAssistant((message) => ({ ...message, content: message.content + text }));
              break;
            }
            case 'audio': {
              const id = assistantId;
              if (id) setAudio((current) => ({ ...current, [id]: event.data }));
              break;
            }
            case 'done': {
              finished = true;
              const { message: final, title: serverTitle } = event.data;
              updateAssistant(() => final);
              if (serverTitle) {
                titleRef.current = serverTitle;
                setTitle(serverTitle);
              }
              endStreaming();
              break;
            }
            case 'error': {
              finished = true;
              refusedBeforeStart = assistantId === null;
              const { message, code, partial, retryAfterSeconds } = event.data;
              endStreaming();
              if (partial) updateAssistant(() => ({ ...partial, status: 'error' }));
              else updateAssistant((current) => ({ ...current, status: 'error' }));
              if (code === 'quota') {
                const state = { message };
                setQuota(state);
                latest.current.onQuota?.(state);
              }
              setError({
                kind: 'send',
                message: message.trim() || null,
                ...(code === 'rate-limit' ? { rateLimited: true } : {}),
                ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
              });
              break;
            }
          }
        }
        if (!finished) {
          // The connection ended without a last word: keep what came, say it failed.
          if (controller.signal.aborted) throw new DOMException('Stopped', 'AbortError');
          endStreaming();
          updateAssistant((current) => ({ ...current, status: 'error' }));
          setError({ kind: 'send', message: null });
        }
        if (refusedBeforeStart) {
          setMessages(() => before);
          return { status: 'failed', draft };
        }
        return { status: 'sent' };
      } catch (failure) {
        endStreaming();
        if (controller.signal.aborted) {
          updateAssistant((current) => ({ ...current, status: 'stopped' }));
          return { status: 'stopped' };
        }
        if (assistantId) {
          updateAssistant((current) => ({ ...current, status: 'error' }));
        } else {
          // Nothing reached the server's conversation: the list is as it was, the text goes back.
          setMessages(() => before);
        }
        if (failure instanceof ChatQuotaError) {
          const state: QuotaState = {
            message: failure.quota.message,
            ...(failure.quota.resetsAt ? { resetsAt: failure.quota.resetsAt } : {}),
            ...(failure.quota.upgradeUrl ? { upgradeUrl: failure.quota.upgradeUrl } : {}),
          };
          setQuota(state);
          latest.current.onQuota?.(state);
        }
        setError({ kind: 'send', message: chatErrorMessage(failure) });
        return assistantId ? { status: 'sent' } : { status: 'failed', draft };
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
        setStatus('idle');
      }
    },
    [adopt, setMessages],
  );

  const send = useCallback(
    (text: string, imageUrls: string[] = []) => {
      const base = messagesRef.current;
      const message = text.trim();
      return run({
        base,
        user: userMessage(message, imageUrls),
        draft: text,
        request: {
          Message: message,
          ImageUrls: imageUrls,
          History: latest.current.signedIn ? [] : historyTurns(base),
        },
      });
    },
    [run],
  );

  const regenerate = useCallback(() => {
    const current = messagesRef.current;
    const lastUser = current.findLastIndex((message) => message.role === 'user');
    const question = current[lastUser];
    if (!question) return Promise.resolve<SendOutcome>({ status: 'failed', draft: '' });
    const member = latest.current.signedIn;
    return run({
      base: current.slice(0, lastUser + 1),
      user: null,
      draft: '',
      request: {
        Message: question.content,
        ImageUrls: question.imageUrls,
        // The server holds a signed-in conversation and answers its last message again; a
        // visitor's lives here, so the question is simply asked again with what came before.
        Regenerate: member,
        History: member ? [] : historyTurns(current.slice(0, lastUser)),
      },
    });
  }, [run]);

  const edit = useCallback(
    (messageId: string, text: string) => {
      const current = messagesRef.current;
      const index = current.findIndex((message) => message.id === messageId);
      const original = current[index];
      if (!original || original.role !== 'user') {
        return Promise.resolve<SendOutcome>({ status: 'failed', draft: text });
      }
      const member = latest.current.signedIn;
      const message = text.trim();
      const known = member && !messageId.startsWith('local-');
      return run({
        base: current.slice(0, index),
        user: userMessage(message, original.imageUrls),
        draft: text,
        request: {
          Message: message,
          ImageUrls: original.imageUrls,
          ...(known ? { EditMessageId: messageId } : {}),
          History: member ? [] : historyTurns(current.slice(0, index)),
        },
      });
    },
    [run],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  const reset = useCallback(async () => {
    abortRef.current?.abort();
    const id = conversationIdRef.current;
    if (latest.current.signedIn && id) {
      // §4: errors ignored; the conversation is cleared here whatever the server said.
      await apiRef.current.remove(id).catch(() => undefined);
    }
    if (pendingRef.current) clearTimeout(pendingRef.current.timer);
    pendingRef.current = null;
    removeConversation(store, keyRef.current);
    const key = conversationKey(latest.current.signedIn, null);
    removeConversation(store, key);
    keyRef.current = key;
    conversationIdRef.current = null;
    setMessages(() => []);
    titleRef.current = null;
    setTitle(null);
    setError(null);
    setQuota(null);
    setAudio({});
    if (id) latest.current.onConversationChange(null);
  }, [setMessages, store]);

  const dismissError = useCallback(() => setError(null), []);

  return {
    messages,
    title,
    status,
    streamingId,
    queuePosition,
    error,
    quota,
    audio,
    loadingHistory,
    send,
    stop,
    regenerate,
    edit,
    reset,
    dismissError,
  };
}
