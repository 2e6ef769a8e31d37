import type { ChatMessage } from '@studio/contracts';
import { chatRoles, messageStatuses } from '@studio/contracts/chatOptions';
import { chatStorageKey, type KeyValueStore } from '../../../lib/storage';

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

/** What is stored for one conversation; anything unreadable counts as nothing. */
export function readConversation(store: KeyValueStore, key: string): StoredConversation {
  let messages: ChatMessage[] = [];
  try {
    const raw = store.get(chatStorageKey('chatMessages', key));
    messages = readStoredMessages(raw === null ? [] : JSON.parse(raw)) ?? [];
  } catch {
    // Not JSON (written by something else): start empty rather than fail the chat.
  }
  return { messages, title: store.get(chatStorageKey('chatTitle', key)) };
}

export function writeConversation(
  store: KeyValueStore,
  key: string,
  { messages, title }: StoredConversation,
): void {
  if (messages.length === 0) store.remove(chatStorageKey('chatMessages', key));
  else store.set(chatStorageKey('chatMessages', key), JSON.stringify(messages));
  if (title === null) store.remove(chatStorageKey('chatTitle', key));
  else store.set(chatStorageKey('chatTitle', key), title);
}

export function removeConversation(store: KeyValueStore, key: string): void {
  store.remove(chatStorageKey('chatMessages', key));
  store.remove(chatStorageKey('chatTitle', key));
}

/** §4: a conversation that got (or changed) its id takes its stored messages and title along. */
export function moveConversation(store: KeyValueStore, from: string, to: string): void {
  if (from === to) return;
  writeConversation(store, to, readConversation(store, from));
  removeConversation(store, from);
}
