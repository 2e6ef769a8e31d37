import type { ChatMessage } from '@studio/contracts';
import { chatRoles, messageStatuses } from '@studio/contracts/chatOptions';
import { storageKeys, type KeyValueStore } from '../../../lib/storage';
import {
  visitorLocalCollection,
  type LocalRecordFormat,
  type VisitorLocalCollection,
} from '../../../lib/visitor/visitorLocalCollection';

/** §9: local message saves wait this long for the next change. */
export const SAVE_DEBOUNCE_MS = 150;

/** Where a conversation without a server id lives: a visitor's, or a signed-in user's new one. */
export const VISITOR_KEY = 'visitor';
export const NEW_CONVERSATION_KEY = 'new';

export function conversationKey(signedIn: boolean, conversationId: string | null): string {
  if (!signedIn) return VISITOR_KEY;
  return conversationId ?? NEW_CONVERSATION_KEY;
}

const oneOf = <T extends string>(choices: readonly T[], value: unknown): value is T =>
  (choices as readonly unknown[]).includes(value);

function readStoredMessage(value: unknown): ChatMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, role, content, createdAt, modelId, imageUrls, status } = value as Record<
    string,
    unknown
  >;
  if (
    typeof id !== 'string' ||
    !oneOf(chatRoles, role) ||
    typeof content !== 'string' ||
    typeof createdAt !== 'string' ||
    (modelId !== null && typeof modelId !== 'string') ||
    !Array.isArray(imageUrls) ||
    !imageUrls.every((url) => typeof url === 'string') ||
    !oneOf(messageStatuses, status)
  ) {
    return null;
  }
  return { id, role, content, createdAt, modelId, imageUrls, status };
}

/**
 * Stored messages as the contract's chatMessage list, checked by hand: the visitor chat reads
 * them on every first load, which must not download the schema library (zod) for it. The test
 * holds it to the schema. Null when any message is not one.
 */
export function readStoredMessages(value: unknown): ChatMessage[] | null {
  if (!Array.isArray(value)) return null;
  const messages = value.map(readStoredMessage);
  return messages.every((message) => message !== null) ? messages : null;
}

export interface StoredConversation {
  messages: ChatMessage[];
  title: string | null;
}

type ConversationField = typeof storageKeys.chatMessages | typeof storageKeys.chatTitle;

/**
 * A conversation as local storage keeps it (§3): its messages as JSON under
 * `chatMessages:<key>`, its title under `chatTitle:<key>`; anything unreadable counts as nothing.
 */
export const storedConversationFormat: LocalRecordFormat<StoredConversation, ConversationField> = {
  fields: [storageKeys.chatMessages, storageKeys.chatTitle],
  read(stored) {
    let messages: ChatMessage[] = [];
    try {
      const raw = stored.chatMessages;
      messages = readStoredMessages(raw === null ? [] : JSON.parse(raw)) ?? [];
    } catch {
      // Not JSON (written by something else): start empty rather than fail the chat.
    }
    return { messages, title: stored.chatTitle };
  },
  write: ({ messages, title }) => ({
    chatMessages: messages.length === 0 ? null : JSON.stringify(messages),
    chatTitle: title,
  }),
};

/**
 * The conversations kept in this browser, by conversationKey: a visitor's, a signed-in user's
 * new one, and a copy of each server conversation opened here (shown while its history loads).
 */
export function storedConversations(
  store: KeyValueStore,
): VisitorLocalCollection<StoredConversation> {
  return visitorLocalCollection(store, storedConversationFormat);
}
