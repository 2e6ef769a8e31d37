import type { ChatMessage } from '@studio/contracts';
import { MODEL_ID_REQUIRED } from '@studio/contracts/chatOptions';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { IncompleteStreamError } from '../../../lib/stream/useEventStream';
import { ChatQuotaError, chatErrorMessage } from '../api/errors';
import type { Turn } from './chatTurns';
import type { Quota } from './useQuota';
import type { ReplyStream } from './useReplyStream';
import type { SpokenReplies } from './useSpokenReplies';
import type { StoredConversation } from './useStoredConversation';

/** The spoken-reply settings the chat sends with each message (F's voice controls fill them). */
export interface VoiceSettings {
  enabled: boolean;
  voice: string | null;
  speed: number;
  pitch: number;
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

/** What the next request says besides the turn itself, read when it is sent. */
export interface TurnSettings {
  modelId: string | null;
  voice?: VoiceSettings;
  signedIn: boolean;
  /** The server conversation the turn continues; null for a new one or a visitor's. */
  conversationId: string | null;
}

export interface ReplyTurnOptions {
  reply: ReplyStream;
  conversation: StoredConversation;
  quota: Quota;
  spoken: SpokenReplies;
  settings: () => TurnSettings;
  /** A new conversation got its id from the server. */
  onConversation: (id: string) => void;
  onError: (error: ChatError | null) => void;
}

/**
 * Runs one turn: shows the question, follows the reply as it streams into the message list, and
 * settles it as sent, stopped or failed (§8). A failed reply never loses earlier messages, and a
 * turn the server refused before it started gives the user's text back.
 */
export function useReplyTurn(options: ReplyTurnOptions): (turn: Turn) => Promise<SendOutcome> {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  return useCallback(async ({ base, user, request, draft }: Turn): Promise<SendOutcome> => {
    const { reply, conversation, quota, spoken, settings, onConversation, onError } =
      latest.current;
    const { modelId, voice, signedIn, conversationId } = settings();
    const failed: SendOutcome = { status: 'failed', draft };
    if (reply.current().status === 'streaming') return failed;
    if (!modelId) {
      onError({ kind: 'send', message: MODEL_ID_REQUIRED });
      return failed;
    }
    const before = conversation.currentMessages();
    conversation.setMessages(() => (user ? [...base, user] : base));
    onError(null);
    quota.clear();

    let assistantId: string | null = null;
    const updateAssistant = (change: (message: ChatMessage) => ChatMessage) =>
      conversation.setMessages((current) =>
        current.map((message) => (message.id === assistantId ? change(message) : message)),
      );

    const outcome = await reply.start(
      {
        ...request,
        ModelId: modelId,
        // §5: an empty conversation id is sent as null.
        ConversationId: signedIn ? conversationId || null : null,
        ReturnAudio: voice?.enabled ?? false,
        AudioFormat: 'mp3',
        ...(voice?.enabled ? { Voice: voice.voice, Speed: voice.speed, Pitch: voice.pitch } : {}),
      },
      (event) => {
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
            conversation.setMessages((current) => [
              ...current.map((message) => (message.id === localUserId ? saved : message)),
              assistant,
            ]);
            // §5: an empty id is no id.
            if (signedIn && serverId && serverId !== settings().conversationId) {
              onConversation(serverId);
            }
            break;
          }
          case 'delta': {
            const { text } = event.data;
            updateAssistant((message) => ({ ...message, content: message.content + text }));
            break;
          }
          case 'audio': {
            if (assistantId) spoken.keep(assistantId, event.data);
            break;
          }
          case 'done': {
            const { message: final, title } = event.data;
            updateAssistant(() => final);
            if (title) conversation.setTitle(title);
            break;
          }
          case 'error': {
            const { message, code, partial, retryAfterSeconds } = event.data;
            if (partial) updateAssistant(() => ({ ...partial, status: 'error' }));
            else updateAssistant((current) => ({ ...current, status: 'error' }));
            if (code === 'quota') quota.report({ message });
            onError({
              kind: 'send',
              message: message.trim() || null,
              ...(code === 'rate-limit' ? { rateLimited: true } : {}),
              ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
            });
            break;
          }
          case 'queue':
            break;
        }
      },
    );

    switch (outcome.status) {
      case 'done':
        return { status: 'sent' };
      case 'busy':
        return failed;
      case 'stopped':
        updateAssistant((current) => ({ ...current, status: 'stopped' }));
        return { status: 'stopped' };
    }
    const { end, assistantId: started } = outcome.result;
    if (end?.type === 'error' && outcome.error === end.error) {
      // The server's own error event, shown as it came. Refused before the reply started:
      // nothing reached the conversation, and the text goes back.
      if (started) return { status: 'sent' };
      conversation.setMessages(() => before);
      return failed;
    }
    if (outcome.error instanceof IncompleteStreamError) {
      // The connection ended without a last word: keep what came, say it failed.
      updateAssistant((current) => ({ ...current, status: 'error' }));
      onError({ kind: 'send', message: null });
      return { status: 'sent' };
    }
    if (started) {
      updateAssistant((current) => ({ ...current, status: 'error' }));
    } else {
      // Nothing reached the server's conversation: the list is as it was, the text goes back.
      conversation.setMessages(() => before);
    }
    if (outcome.error instanceof ChatQuotaError) {
      const { message, resetsAt, upgradeUrl } = outcome.error.quota;
      quota.report({
        message,
        ...(resetsAt ? { resetsAt } : {}),
        ...(upgradeUrl ? { upgradeUrl } : {}),
      });
    }
    onError({ kind: 'send', message: chatErrorMessage(outcome.error) });
    return started ? { status: 'sent' } : failed;
  }, []);
}
