import { afterEach, describe, expect, it } from 'vitest';
import {
  createMemoryStore,
  createWebStore,
  sessionStorageKeys,
  storageKeys,
} from '../../../lib/storage';
import { forgetUserData } from './userData';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('forgetting the user at sign-out (security.md §1.3, ASVS 14.3.1)', () => {
  it('removes the token, the account, MSAL’s cache and a pending sign-in; keeps the visitor’s choices', () => {
    const store = createWebStore(() => window.localStorage);
    const sessionStore = createWebStore(() => window.sessionStorage);
    store.set(storageKeys.token, 'token');
    store.set(storageKeys.account, '{}');
    store.set(storageKeys.theme, 'forest');
    store.set(storageKeys.language, 'vi');
    store.set(storageKeys.currency, 'VND');
    window.localStorage.setItem('msal.3.account.keys', '["msal.3|h|e|t"]');
    window.localStorage.setItem('msal.3|h|e|t', 'encrypted');
    window.localStorage.setItem('msal.3.token.keys.studio-web', '{}');
    window.sessionStorage.setItem('msal.interaction.status', '{}');
    sessionStore.set(sessionStorageKeys.signInPending, '1');
    document.cookie = 'msal.cache.encryption=%7B%7D; path=/';

    forgetUserData({ store, sessionStore });

    expect(Object.keys(window.localStorage).sort()).toEqual(
      [storageKeys.currency, storageKeys.language, storageKeys.theme].sort(),
    );
    expect(Object.keys(window.sessionStorage)).toEqual([]);
    expect(document.cookie).not.toContain('msal.cache.encryption');
  });

  it('works with stores that are not the browser’s (tests, stories), and without storage', () => {
    const store = createMemoryStore({ [storageKeys.token]: 't', [storageKeys.account]: '{}' });
    const sessionStore = createMemoryStore({ [sessionStorageKeys.signInPending]: '1' });
    forgetUserData({
      store,
      sessionStore,
      localStorage: null,
      sessionStorage: null,
      document: null,
    });
    expect(store.get(storageKeys.token)).toBeNull();
    expect(store.get(storageKeys.account)).toBeNull();
    expect(sessionStore.get(sessionStorageKeys.signInPending)).toBeNull();
  });
});
