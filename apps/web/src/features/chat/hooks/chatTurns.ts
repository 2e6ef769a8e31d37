import type { ChatMessage, ChatSendRequest, HistoryTurn } from '@studio/contracts';
import { MESSAGE_MAX_LENGTH } from '@studio/contracts/chatOptions';

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

/** What a turn came to: on `failed`, `draft` is the text to put back into the composer. */
export type SendOutcome = { status: 'sent' | 'stopped' } | { status: 'failed'; draft: string };

/** One question to the model: what the list shows meanwhile and what the server is asked. */
export interface Turn {
  /** The messages kept before this turn. */
  base: ChatMessage[];
  /** The user message to show (null when regenerating: the last one in `base` is answered). */
  user: ChatMessage | null;
  request: Omit<ChatSendRequest, 'ModelId' | 'ConversationId'>;
  /** The text to give back to the composer when the turn fails before it started. */
  draft: string;
}

/** A new message after the conversation so far. */
export function sendTurn(
  messages: ChatMessage[],
  text: string,
  imageUrls: string[],
  signedIn: boolean,
): Turn {
  const message = text.trim();
  return {
    base: messages,
    user: userMessage(message, imageUrls),
    draft: text,
    request: {
      Message: message,
      ImageUrls: imageUrls,
      History: signedIn ? [] : historyTurns(messages),
    },
  };
}

/** The last user message answered again, its reply replaced; null when there is none. */
export function regenerateTurn(messages: ChatMessage[], signedIn: boolean): Turn | null {
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const question = messages[lastUser];
  if (!question) return null;
  return {
    base: messages.slice(0, lastUser + 1),
    user: null,
    draft: '',
    request: {
      Message: question.content,
      ImageUrls: question.imageUrls,
      // The server holds a signed-in conversation and answers its last message again; a
      // visitor's lives here, so the question is simply asked again with what came before.
      Regenerate: signedIn,
      History: signedIn ? [] : historyTurns(messages.slice(0, lastUser)),
    },
  };
}

/** A user message replaced (and everything after it) and sent again; null when it is none. */
export function editTurn(
  messages: ChatMessage[],
  messageId: string,
  text: string,
  signedIn: boolean,
): Turn | null {
  const index = messages.findIndex((message) => message.id === messageId);
  const original = messages[index];
  if (!original || original.role !== 'user') return null;
  const message = text.trim();
  const known = signedIn && !messageId.startsWith('local-');
  return {
    base: messages.slice(0, index),
    user: userMessage(message, original.imageUrls),
    draft: text,
    request: {
      Message: message,
      ImageUrls: original.imageUrls,
      ...(known ? { EditMessageId: messageId } : {}),
      History: signedIn ? [] : historyTurns(messages.slice(0, index)),
    },
  };
}
