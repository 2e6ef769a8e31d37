import type { ChatMessage, ChatStreamEvent } from '@studio/contracts';
import { IncompleteStreamError, type StreamOutcome } from '../../../lib/stream/useEventStream';
import { ChatQuotaError, chatErrorMessage } from '../api/errors';
import type { ChatError, SendOutcome, Turn } from './chatTurns';
import type { Quota } from './useQuota';
import type { ChatReply } from './useReplyStream';
import type { SpokenReplies } from './useSpokenReplies';
import type { StoredConversation } from './useStoredConversation';

/** One turn's reply: what it writes into, and what it needs to know to do so. */
export interface ReplyContext {
  turn: Turn;
  /** The messages before the turn showed its question (shown again if it never started). */
  before: ChatMessage[];
  signedIn: boolean;
  /**
   * A reply already being written, followed again (a reload, a second tab): if it cannot be
   * followed (it ended long ago), the conversation stays as it is kept, without an error.
   */
  following: boolean;
  /** The server conversation now (a new one gets its id from the reply's start). */
  conversationId: () => string | null;
  conversation: StoredConversation;
  quota: Quota;
  spoken: SpokenReplies;
  /** A new conversation got its id from the server. */
  onConversation: (id: string) => void;
  onError: (error: ChatError | null) => void;
}

function updateAssistant(
  { conversation }: ReplyContext,
  assistantId: string | null,
  change: (message: ChatMessage) => ChatMessage,
): void {
  conversation.setMessages((current) =>
    current.map((message) => (message.id === assistantId ? change(message) : message)),
  );
}

/** Writes one event of the reply into the conversation (`reply`: the reply once it took it). */
export function applyReplyEvent(
  event: ChatStreamEvent,
  reply: ChatReply,
  context: ReplyContext,
): void {
  const { turn, conversation } = context;
  const { assistantId } = reply;
  switch (event.type) {
    case 'start': {
      const { conversationId: serverId, userMessage: saved, modelId } = event.data;
      const localUserId = turn.user?.id ?? turn.base.findLast((m) => m.role === 'user')?.id;
      const assistant: ChatMessage = {
        id: event.data.assistantMessageId,
        role: 'assistant',
        content: '',
        createdAt: new Date().toISOString(),
        modelId,
        imageUrls: [],
        status: 'complete',
      };
      conversation.setMessages((current) => {
        // A reply followed again (a reload) starts over from its first event: what was kept of
        // it makes way, and its question is found by its server id.
        const known = current.some((message) => message.id === saved.id);
        const mine = (message: ChatMessage) =>
          known ? message.id === saved.id : message.id === localUserId;
        const kept = current
          .filter((message) => message.id !== assistant.id)
          .map((message) => (mine(message) ? saved : message));
        const asked = known || kept.some((message) => message.id === saved.id);
        return [...kept, ...(asked ? [] : [saved]), assistant];
      });
      // §5: an empty id is no id.
      if (context.signedIn && serverId && serverId !== context.conversationId()) {
        context.onConversation(serverId);
      }
      break;
    }
    case 'delta': {
      const { text } = event.data;
      updateAssistant(context, assistantId, (message) => ({
        ...message,
        content: message.content + text,
      }));
      break;
    }
    case 'speech': {
      if (assistantId) context.spoken.add(assistantId, event.data);
      break;
    }
    case 'done': {
      const { message: final, title } = event.data;
      updateAssistant(context, assistantId, () => final);
      if (title) conversation.setTitle(title);
      break;
    }
    case 'stopped': {
      const { message: kept } = event.data;
      updateAssistant(context, assistantId, (current) => kept ?? { ...current, status: 'stopped' });
      break;
    }
    case 'error': {
      const { message, code, partial, retryAfterSeconds } = event.data;
      if (code === 'interrupted') {
        // The server went away mid-reply: the message says so and offers Regenerate.
        updateAssistant(context, assistantId, (current) => ({
          ...(partial ?? current),
          status: 'interrupted',
        }));
        break;
      }
      updateAssistant(context, assistantId, (current) => ({
        ...(partial ?? current),
        status: 'error',
      }));
      if (code === 'quota') context.quota.report({ message });
      context.onError({
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
}

/**
 * What the turn came to once its stream ended (§8): a failed reply never loses earlier messages,
 * and a turn that never started gives the user's text back.
 */
export function settleReply(outcome: StreamOutcome<ChatReply>, context: ReplyContext): SendOutcome {
  const failed: SendOutcome = { status: 'failed', draft: context.turn.draft };
  if (outcome.status === 'busy') return failed;
  if (context.following && outcome.status === 'failed' && !outcome.result.assistantId) {
    return failed;
  }
  const { end, assistantId } = outcome.result;
  const markAssistant = (status: ChatMessage['status']) =>
    updateAssistant(context, assistantId, (current) => ({ ...current, status }));
  if (outcome.status === 'done') {
    return { status: end?.type === 'stopped' ? 'stopped' : 'sent' };
  }
  if (outcome.status !== 'failed') {
    markAssistant('stopped');
    return { status: 'stopped' };
  }
  const { error } = outcome;
  if (end?.type === 'error' && error === end.error && end.error.code === 'interrupted') {
    return { status: 'sent' };
  }
  if (end?.type === 'error' && error === end.error) {
    // The server's own error event, shown as it came. Refused before the reply started:
    // nothing reached the conversation, and the text goes back.
    if (assistantId) return { status: 'sent' };
    context.conversation.setMessages(() => context.before);
    return failed;
  }
  if (error instanceof IncompleteStreamError) {
    // The connection ended without a last word: keep what came, say it failed.
    markAssistant('error');
    context.onError({ kind: 'send', message: null });
    return { status: 'sent' };
  }
  if (assistantId) {
    markAssistant('error');
  } else {
    // Nothing reached the server's conversation: the list is as it was, the text goes back.
    context.conversation.setMessages(() => context.before);
  }
  if (error instanceof ChatQuotaError) {
    const { message, resetsAt, upgradeUrl } = error.quota;
    context.quota.report({
      message,
      ...(resetsAt ? { resetsAt } : {}),
      ...(upgradeUrl ? { upgradeUrl } : {}),
    });
  }
  context.onError({ kind: 'send', message: chatErrorMessage(error) });
  return assistantId ? { status: 'sent' } : failed;
}
