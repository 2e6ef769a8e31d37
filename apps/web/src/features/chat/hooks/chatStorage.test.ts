import { chatMessage, type ChatMessage } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatStorageKey, createMemoryStore } from '../../../lib/storage';
import { readStoredMessages, storedConversations, VISITOR_KEY } from './chatStorage';

const message: ChatMessage = {
  id: 'local-1',
  role: 'user',
  content: 'Hello',
  createdAt: '2026-11-20T10:00:00.000Z',
  modelId: null,
  imageUrls: [],
  status: 'complete',
};

describe('readStoredMessages agrees with the contract (a chatMessage list)', () => {
  it.each([
    [],
    [message],
    [message, { ...message, id: 'local-2', role: 'assistant', modelId: 'm', status: 'stopped' }],
    // Unknown fields are dropped, as the schema drops them.
    [{ ...message, audio: 'base64', imageUrls: ['/api/chat/uploads/a.png'] }],
    [{ ...message, role: 'system' }],
    [{ ...message, status: 'pending' }],
    [{ ...message, modelId: undefined }],
    [{ ...message, imageUrls: [1] }],
    [{ ...message, imageUrls: null }],
    [{ ...message, content: 7 }],
    [{ ...message, createdAt: null }],
    [{ ...message, id: 1 }],
    [message, null],
    [message, 'text'],
    { 0: message },
    null,
    'messages',
  ])('%j', (stored) => {
    const contract = z.array(chatMessage).safeParse(stored);
    expect(readStoredMessages(stored)).toEqual(contract.success ? contract.data : null);
  });
});

describe('storedConversations', () => {
  it('reads back what was written, and nothing from what it cannot read', () => {
    const store = createMemoryStore();
    const conversations = storedConversations(store);
    conversations.save(VISITOR_KEY, { messages: [message], title: 'Greeting' });
    expect(conversations.get(VISITOR_KEY)).toEqual({
      messages: [message],
      title: 'Greeting',
    });
    store.set(chatStorageKey('chatMessages', VISITOR_KEY), '{not json');
    expect(conversations.get(VISITOR_KEY).messages).toEqual([]);
  });

  it('keeps the keys a visitor’s browser already has (chatMessages:visitor, chatTitle:visitor)', () => {
    const store = createMemoryStore({
      'chatMessages:visitor': JSON.stringify([message]),
      'chatTitle:visitor': 'Greeting',
    });
    const conversations = storedConversations(store);
    expect(conversations.get(VISITOR_KEY)).toEqual({ messages: [message], title: 'Greeting' });
    // An emptied conversation and a title cleared leave no keys behind.
    conversations.save(VISITOR_KEY, { messages: [], title: null });
    expect(store.get('chatMessages:visitor')).toBeNull();
    expect(store.get('chatTitle:visitor')).toBeNull();
  });
});
