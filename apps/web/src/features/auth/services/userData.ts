import { clearStoredAuth } from '../../../lib/api/session';
import { sessionStorageKeys, type KeyValueStore } from '../../../lib/storage';

/** MSAL's keys (cache, temporary request state) all start with this. */
const MSAL_PREFIX = 'msal.';
/** MSAL v5 encrypts its local-storage cache with a key kept in this session cookie. */
const MSAL_ENCRYPTION_COOKIE = 'msal.cache.encryption';

function removeMsalKeys(storage: Storage | null): void {
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key?.startsWith(MSAL_PREFIX)) storage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept there.
  }
}

function storageOf(read: () => Storage): Storage | null {
  try {
    return read();
  } catch {
    return null;
  }
}

export interface UserDataPlaces {
  store: KeyValueStore;
  sessionStore: KeyValueStore;
  localStorage?: Storage | null;
  sessionStorage?: Storage | null;
  document?: Document | null;
}

/**
 * Sign-out forgets every authenticated datum in the browser (security.md §1.3, ASVS 14.3.1): the
 * token and account, MSAL's cache and its encryption cookie, and a pending redirect sign-in.
 * Language, currency and theme stay: they are the visitor's, signed in or not.
 */
export function forgetUserData({
  store,
  sessionStore,
  localStorage = storageOf(() => window.localStorage),
  sessionStorage = storageOf(() => window.sessionStorage),
  document: doc = typeof document === 'undefined' ? null : document,
}: UserDataPlaces): void {
  clearStoredAuth(store);
  sessionStore.remove(sessionStorageKeys.signInPending);
  removeMsalKeys(localStorage);
  removeMsalKeys(sessionStorage);
  if (doc) {
    // MSAL sets it Secure with SameSite=None; the same attributes are needed to replace it.
    doc.cookie = `${MSAL_ENCRYPTION_COOKIE}=; Max-Age=0; Path=/; SameSite=None; Secure`;
    doc.cookie = `${MSAL_ENCRYPTION_COOKIE}=; Max-Age=0; Path=/`;
  }
}
