import { browserStore, storageKeys, type KeyValueStore } from '../storage';

type Listener = () => void;
const listeners = new Set<Listener>();

/** §4: logout and a 401 clear the stored token and account. */
export function clearStoredAuth(store: KeyValueStore = browserStore): void {
  store.remove(storageKeys.token);
  store.remove(storageKeys.account);
}

/** Tells the auth context the session is gone ("signals logout", §4). */
export function signalSignedOut(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to signalSignedOut; returns the unsubscribe function. */
export function onSignedOut(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function storedToken(store: KeyValueStore = browserStore): string | null {
  return store.get(storageKeys.token);
}
