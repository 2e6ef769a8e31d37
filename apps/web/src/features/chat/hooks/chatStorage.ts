import { chatMessage, type ChatMessage } from '@studio/contracts';
import { z } from 'zod';
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

const storedMessages = z.array(chatMessage);

export interface StoredConversation {
  messages: ChatMessage[];
  title: string | null;
}

/** What is stored for one conversation; anything unreadable counts as nothing. */
export function readConversation(store: KeyValueStore, key: string): StoredConversation {
  let messages: ChatMessage[] = [];
  try {
    const raw = store.get(chatStorageKey('chatMessages', key));
    const parsed = storedMessages.safeParse(raw === null ? [] : JSON.parse(raw));
    if (parsed.success) messages = parsed.data;
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
