import { browserStore, storageKeys, type KeyValueStore } from '../storage';

type Listener = () => void;
const listeners = new Set<Listener>();

export function storedToken(store: KeyValueStore = browserStore): string | null {
  return store.get(storageKeys.token);
}

/** §4: logout and a 401 clear the stored token and account. */
export function clearStoredAuth(store: KeyValueStore = browserStore): void {
  store.remove(storageKeys.token);
  store.remove(storageKeys.account);
}

/**
 * Tells this tab's auth context the session is gone ("signals logout", §4). Other tabs learn it
 * from the `token` key leaving local storage (onAuthChangedElsewhere).
 */
export function signalSignedOut(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to signalSignedOut; returns the unsubscribe function. */
export function onSignedOut(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export type AuthChange = 'signed-in' | 'signed-out';

/**
 * Another tab signed in or out. Browsers tell every other tab of the origin when a local-storage
 * key changes, so the `token` key appearing or leaving is the signal; a token replaced by a
 * refreshed one is neither. This tab's own writes never reach it.
 */
export function onAuthChangedElsewhere(
  listener: (change: AuthChange) => void,
  target: Window = window,
): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: the other tab cleared the whole storage.
    if (event.key !== null && event.key !== storageKeys.token) return;
    if (event.newValue === null && (event.key === null || event.oldValue !== null)) {
      listener('signed-out');
    } else if (event.newValue !== null && event.oldValue === null) {
      listener('signed-in');
    }
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
