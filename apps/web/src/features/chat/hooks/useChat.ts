import type { ChatMessage, SpokenSentencePart } from '@studio/contracts';
import { chatReplyEndings } from '@studio/contracts/chatOptions';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { deleteConversation } from '../../../lib/api/endpoints/conversations/deleteConversation';
import type { KeyValueStore } from '../../../lib/storage';
import { chatErrorMessage } from '../api/errors';
import { getHistory } from '../api/getHistory';
import type { resumeReply, streamChat } from '../api/streamChat';
import type { stopReply } from '../api/stopReply';
import { conversationKey } from './chatStorage';
import { editTurn, regenerateTurn, sendTurn, type ChatError, type SendOutcome } from './chatTurns';
import { useConversationHistory } from './useConversationHistory';
import { useQuota, type QuotaState } from './useQuota';
import { useReplyStream, type ChatStatus } from './useReplyStream';
import { useReplyTurn, type VoiceSettings } from './useReplyTurn';
import { useSpokenReplies } from './useSpokenReplies';
import { useStoredConversation } from './useStoredConversation';

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
  /** Follows a reply being written (a reload, a second tab), through every break. */
  follow: typeof resumeReply;
  /** Stops a reply wherever it is written. */
  stopReply: typeof stopReply;
  loadHistory: typeof getHistory;
  remove: typeof deleteConversation;
}

/**
 * The reply's stream client (and the event-stream reader) load with the first message sent, at
 * the same time as the schemas it checks the message with (zod), not one after the other.
 */
async function* streamChatWhenSent(
  ...request: Parameters<typeof streamChat>
): ReturnType<typeof streamChat> {
  const [{ streamChat: stream }] = await Promise.all([
    import('../api/streamChat'),
    import('../api/schemas'),
  ]);
  yield* stream(...request);
}

/** As streamChatWhenSent: the follower loads when a reply is to be followed. */
async function* followWhenAsked(
  ...request: Parameters<typeof resumeReply>
): ReturnType<typeof resumeReply> {
  const [{ resumeReply: follow }] = await Promise.all([
    import('../api/streamChat'),
    import('../api/schemas'),
  ]);
  yield* follow(...request);
}

const defaultApi: ChatApi = {
  stream: streamChatWhenSent,
  follow: followWhenAsked,
  stopReply: async (id) => (await import('../api/stopReply')).stopReply(id),
  loadHistory: getHistory,
  remove: deleteConversation,
};

/** How long a stop waits for the server's `stopped` before it stops following by itself. */
export const STOP_ANSWER_MS = 3000;

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
  /** Spoken replies' sentences by assistant message id (this visit only: audio is not stored). */
  audio: Readonly<Record<string, readonly SpokenSentencePart[]>>;
  loadingHistory: boolean;
  send: (text: string, imageUrls?: string[]) => Promise<SendOutcome>;
  /**
   * Stops the reply being written, wherever the server writes it; what it said so far stays,
   * marked stopped. (Leaving the page does not stop it: a reload follows it again.)
   */
  stop: () => void;
  /** Answers the last user message again, replacing the last reply. */
  regenerate: () => Promise<SendOutcome>;
  /** Replaces a user message (and everything after it) and sends it again. */
  edit: (messageId: string, text: string) => Promise<SendOutcome>;
  /** §4: deletes on the server (errors ignored), then clears the active conversation. */
  reset: () => Promise<void>;
  dismissError: () => void;
}

/**
 * One conversation's chat (mount it again, e.g. with a React key, to open another; a new
 * conversation that gets its id from the server stays mounted), composed of one hook per concern:
 * the messages and title kept in local storage (useStoredConversation), the server's history
 * (useConversationHistory), the reply as it streams (useReplyStream, useReplyTurn), the quota
 * (useQuota) and the spoken replies (useSpokenReplies). Here: send, regenerate, edit, stop,
 * reset, and the error to show.
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
  const [opened] = useState(() => {
    const id = signedIn && conversationId ? conversationId : null;
    return { id, key: conversationKey(signedIn, id) };
  });
  const conversationIdRef = useRef(opened.id);
  const latest = useRef({ api, onConversationChange, modelId, voice, signedIn });
  // The latest props for the callbacks, which run after render.
  useLayoutEffect(() => {
    latest.current = { api, onConversationChange, modelId, voice, signedIn };
  });

  // A stop asked before the server had started the reply: it is sent as soon as it starts.
  const stopWhenStarted = useRef(false);
  const reply = useReplyStream(
    useCallback(
      () =>
        async function* stream(...request: Parameters<typeof streamChat>) {
          const { api: calls } = latest.current;
          for await (const event of calls.stream(...request)) {
            yield event;
            if (event.type === 'start' && stopWhenStarted.current) {
              stopWhenStarted.current = false;
              calls.stopReply(event.data.assistantMessageId).catch(() => undefined);
            }
            // Nothing follows a reply's last word.
            if ((chatReplyEndings as readonly string[]).includes(event.type)) return;
          }
        },
      [],
    ),
    useCallback(() => latest.current.api.follow, []),
  );
  const conversation = useStoredConversation({
    store,
    initialKey: opened.key,
    writingId: reply.writingId,
  });
  const quota = useQuota(onQuota);
  const spoken = useSpokenReplies();
  const [error, setError] = useState<ChatError | null>(null);

  // A signed-in user's conversation: what is stored shows at once, then the server's history.
  const loadingHistory = useConversationHistory({
    conversationId: opened.id,
    load: (id, signal) => latest.current.api.loadHistory(id, signal),
    onLoad: (history) => {
      // A reply started meanwhile shows its own turn; the history would hide it.
      if (reply.current().status === 'streaming') return;
      conversation.setMessages(() => history.messages);
      // A reply still being written (in another tab, or before a reload) is followed live.
      if (history.liveReplyId) void turns.follow(history.liveReplyId);
    },
    onError: (failure) => setError({ kind: 'history', message: chatErrorMessage(failure) }),
  });

  const turns = useReplyTurn({
    reply,
    conversation,
    quota,
    spoken,
    settings: () => {
      const { modelId: model, voice: speech, signedIn: member } = latest.current;
      return {
        modelId: model,
        voice: speech,
        signedIn: member,
        conversationId: conversationIdRef.current,
      };
    },
    // §4: a new conversation got its id from the server (`start`): its stored turns move there.
    onConversation: (id) => {
      conversation.moveTo(conversationKey(true, id));
      conversationIdRef.current = id;
      latest.current.onConversationChange(id);
    },
    onError: setError,
  });

  const { run } = turns;
  const { currentMessages } = conversation;

  // A visitor's reply that was being written when the page went (kept as interrupted) is
  // followed again: the server wrote it meanwhile. One that cannot be (it ended long ago, or
  // the server saved it so) stays as kept, with Regenerate.
  useEffect(() => {
    if (opened.id !== null) return;
    const last = currentMessages().at(-1);
    if (last?.role === 'assistant' && last.status === 'interrupted') void turns.follow(last.id);
    // Once, as the chat opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const send = useCallback(
    (text: string, imageUrls: string[] = []) =>
      run(sendTurn(currentMessages(), text, imageUrls, latest.current.signedIn)),
    [run, currentMessages],
  );

  const regenerate = useCallback(() => {
    const turn = regenerateTurn(currentMessages(), latest.current.signedIn);
    return turn ? run(turn) : Promise.resolve<SendOutcome>({ status: 'failed', draft: '' });
  }, [run, currentMessages]);

  const edit = useCallback(
    (messageId: string, text: string) => {
      const turn = editTurn(currentMessages(), messageId, text, latest.current.signedIn);
      return turn ? run(turn) : Promise.resolve<SendOutcome>({ status: 'failed', draft: text });
    },
    [run, currentMessages],
  );

  const { writingId, stop: stopFollowing, current: currentReply } = reply;
  const stop = useCallback(() => {
    if (currentReply().status !== 'streaming') return;
    const id = writingId();
    const { api: calls } = latest.current;
    if (id === null) {
      // Not started yet: the stop goes as soon as it starts (stream() above).
      stopWhenStarted.current = true;
    } else {
      // The stream ends with the server's `stopped`, which carries what the reply kept.
      calls.stopReply(id).catch(() => stopFollowing());
    }
    // A server that cannot be reached does not keep the chat waiting.
    setTimeout(() => {
      if (currentReply().status === 'streaming' && writingId() === id) stopFollowing();
    }, STOP_ANSWER_MS);
  }, [writingId, stopFollowing, currentReply]);
  const { clear: clearStored } = conversation;
  const { clear: clearQuota } = quota;
  const { clear: clearAudio } = spoken;
  const reset = useCallback(async () => {
    stop();
    const id = conversationIdRef.current;
    const { signedIn: member, api: calls } = latest.current;
    if (member && id) {
      // §4: errors ignored; the conversation is cleared here whatever the server said.
      await calls.remove(id).catch(() => undefined);
    }
    clearStored(conversationKey(member, null));
    conversationIdRef.current = null;
    setError(null);
    clearQuota();
    clearAudio();
    if (id) latest.current.onConversationChange(null);
  }, [stop, clearStored, clearQuota, clearAudio]);

  const dismissError = useCallback(() => setError(null), []);

  return {
    messages: conversation.messages,
    title: conversation.title,
    status: reply.chatStatus,
    streamingId: reply.streamingId,
    queuePosition: reply.queuePosition,
    error,
    quota: quota.quota,
    audio: spoken.audio,
    loadingHistory,
    send,
    stop,
    regenerate,
    edit,
    reset,
    dismissError,
  };
}
