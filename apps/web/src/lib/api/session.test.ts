import { describe, expect, it, vi } from 'vitest';
import { createMemoryStore, storageKeys } from '../storage';
import { readStoredAccount, storeSession, type StoredAccount } from './account';
import { clearStoredAuth, onAuthChangedElsewhere, onSignedOut, signalSignedOut } from './session';

const account: StoredAccount = {
  homeAccountId: 'user-linh',
  localAccountId: 'user-linh',
  username: 'linh.nguyen@example.com',
  nativeAccountId: null,
  kind: 'first-party',
};

describe('the stored session (§3 token and account)', () => {
  it('keeps the token and the account as JSON, and reads them back', () => {
    const store = createMemoryStore();
    storeSession(store, 'abc.def.ghi', account);
    expect(store.get(storageKeys.token)).toBe('abc.def.ghi');
    expect(JSON.parse(store.get(storageKeys.account) ?? '')).toEqual(account);
    expect(readStoredAccount(store)).toEqual(account);
  });

  it('reads an external account with a native account id', () => {
    const external = { ...account, kind: 'external', nativeAccountId: 'native-1' };
    const store = createMemoryStore({ [storageKeys.account]: JSON.stringify(external) });
    expect(readStoredAccount(store)).toEqual(external);
  });

  it.each([
    ['nothing', null],
    ['not JSON', '{"username":'],
    ['not an object', '"linh"'],
    ['an unknown kind', JSON.stringify({ ...account, kind: 'magic' })],
    ['no kind (an older app wrote it)', JSON.stringify({ ...account, kind: undefined })],
    ['a missing username', JSON.stringify({ ...account, username: undefined })],
    ['a numeric native account id', JSON.stringify({ ...account, nativeAccountId: 7 })],
  ])('reads no account from %s', (_case, raw) => {
    const store = createMemoryStore(raw === null ? {} : { [storageKeys.account]: raw });
    expect(readStoredAccount(store)).toBeNull();
  });

  it('clears the token and account, and only them', () => {
    const store = createMemoryStore({ [storageKeys.theme]: 'forest' });
    storeSession(store, 'token', account);
    clearStoredAuth(store);
    expect(store.get(storageKeys.token)).toBeNull();
    expect(store.get(storageKeys.account)).toBeNull();
    expect(store.get(storageKeys.theme)).toBe('forest');
  });

  it('signals logout to every subscriber until it unsubscribes', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onSignedOut(first);
    const stopSecond = onSignedOut(second);
    signalSignedOut();
    stopFirst();
    signalSignedOut();
    stopSecond();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });
});

describe('another tab signing in or out', () => {
  function storage(key: string | null, oldValue: string | null, newValue: string | null) {
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue }));
  }

  it('hears the token leave (sign-out, a 401) and arrive (sign-in)', () => {
    const changes = vi.fn();
    const stop = onAuthChangedElsewhere(changes);
    storage(storageKeys.token, 'old', null);
    storage(storageKeys.token, null, 'new');
    // Another tab cleared all of local storage.
    storage(null, null, null);
    stop();
    storage(storageKeys.token, 'old', null);
    expect(changes.mock.calls).toEqual([['signed-out'], ['signed-in'], ['signed-out']]);
  });

  it('ignores a refreshed token and every other key', () => {
    const changes = vi.fn();
    const stop = onAuthChangedElsewhere(changes);
    storage(storageKeys.token, 'old', 'rotated');
    storage(storageKeys.theme, 'dark', null);
    storage(storageKeys.account, '{}', null);
    stop();
    expect(changes).not.toHaveBeenCalled();
  });
});
