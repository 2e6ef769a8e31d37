import { VISITOR_KEY_HEADER, VISITOR_KEY_PATTERN } from '@studio/contracts/imageOptions';
import { describe, expect, it } from 'vitest';
import { createMemoryStore, storageKeys } from '../storage';
import { visitorHeaders } from './visitorHeaders';
import { createVisitorKey, visitorKey } from './visitorKey';

describe('visitorKey', () => {
  it('makes a 256-bit base64url key once and keeps it', () => {
    const store = createMemoryStore();
    const key = visitorKey(store);
    expect(key).toMatch(VISITOR_KEY_PATTERN);
    expect(store.get(storageKeys.imageVisitorKey)).toBe(key);
    expect(visitorKey(store)).toBe(key);
  });

  it('makes a different key each time it is asked for a new one', () => {
    const keys = new Set(Array.from({ length: 20 }, createVisitorKey));
    expect(keys.size).toBe(20);
  });

  it('replaces a stored value that is not a key', () => {
    const store = createMemoryStore({ [storageKeys.imageVisitorKey]: 'hand-edited' });
    const key = visitorKey(store);
    expect(key).toMatch(VISITOR_KEY_PATTERN);
    expect(key).not.toBe('hand-edited');
  });

  it('keeps one key for the visit where storage refuses writes', () => {
    const refusing = { get: () => null, set: () => {}, remove: () => {} };
    expect(visitorKey(refusing)).toBe(visitorKey(refusing));
  });
});

describe('visitorHeaders', () => {
  it('sends the visitor key without a session', () => {
    const store = createMemoryStore();
    const headers = visitorHeaders(store);
    expect(headers[VISITOR_KEY_HEADER]).toMatch(VISITOR_KEY_PATTERN);
  });

  it('sends nothing of its own with a session (the client sends the bearer token)', () => {
    const store = createMemoryStore({ [storageKeys.token]: 'a.b.c' });
    expect(visitorHeaders(store)).toEqual({});
    expect(store.get(storageKeys.imageVisitorKey)).toBeNull();
  });
});
