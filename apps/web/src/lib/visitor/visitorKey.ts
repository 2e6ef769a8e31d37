import { VISITOR_KEY_PATTERN } from '@studio/contracts/imageOptions';
import { browserStore, storageKeys, type KeyValueStore } from '../storage';

/** 32 random bytes: 256 bits, written as 43 base64url characters (no padding). */
const KEY_BYTES = 32;

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A new random visitor key from the browser's cryptographic generator. */
export function createVisitorKey(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(KEY_BYTES)));
}

/** The key of a visit whose storage refuses writes: one per page load, not one per call. */
let sessionKey: string | undefined;

/**
 * This browser's visitor key, for every tool a visitor uses: made once and kept in local storage, so a
 * visitor's jobs and pictures stay readable across reloads. A stored value that is not a key
 * (edited by hand, an older format) is replaced. Where storage is unavailable the key lives for
 * this visit only, which is the most such a browser can keep anyway.
 */
export function visitorKey(store: KeyValueStore = browserStore): string {
  const stored = store.get(storageKeys.imageVisitorKey);
  if (stored && VISITOR_KEY_PATTERN.test(stored)) return stored;
  const key = createVisitorKey();
  store.set(storageKeys.imageVisitorKey, key);
  return store.get(storageKeys.imageVisitorKey) === key ? key : (sessionKey ??= key);
}
