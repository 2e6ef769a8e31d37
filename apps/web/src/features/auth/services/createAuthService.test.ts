import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../lib/api/account';
import { createMemoryStore, sessionStorageKeys, type KeyValueStore } from '../../../lib/storage';
import { sampleUser } from '../../../mocks/auth';
import { sandboxIdentity } from '../../../mocks/handlers/config';
import type { SignInProgress } from '../authService';
import type { AuthSession, AuthSessionOptions } from './authSession';
import { createAuthService, type AuthServiceOptions } from './createAuthService';

function options(store: KeyValueStore, sessionStore = createMemoryStore()): AuthServiceOptions {
  return {
    store,
    sessionStore,
    identity: async () => sandboxIdentity,
    origin: 'http://localhost:3000',
    location: () => ({ pathname: '/', search: '', hash: '', state: null }),
    navigate: vi.fn(),
  };
}

/** The lazily loaded part, recorded; its restore answers with the sample user. */
function loader() {
  const session: AuthSession = {
    restoreSession: vi.fn(async () => sampleUser),
    signIn: vi.fn(async () => sampleUser),
    register: vi.fn(async () => undefined),
    confirmRegistration: vi.fn(async () => sampleUser),
    requestCode: vi.fn(async () => undefined),
    verifyCode: vi.fn(async () => sampleUser),
    requestPasswordReset: vi.fn(async () => undefined),
    completePasswordReset: vi.fn(async () => undefined),
    signInWithProvider: vi.fn(async () => undefined),
    reloadUser: vi.fn(async () => sampleUser),
    signOut: vi.fn(async () => undefined),
    signOutEverywhere: vi.fn(async () => undefined),
    freshToken: vi.fn(async () => 'fresh'),
  };
  const created: AuthSessionOptions[] = [];
  const load = vi.fn(async () => ({
    createAuthSession: (given: AuthSessionOptions) => {
      created.push(given);
      return session;
    },
  }));
  return { load, session, created };
}

afterEach(() => vi.restoreAllMocks());

describe('the auth service in the first load', () => {
  it('restores nothing, loads nothing and ends startup when nothing is stored', async () => {
    const { load } = loader();
    const service = createAuthService(options(createMemoryStore()), load);
    const progress: SignInProgress[] = [];
    service.onProgress((state) => progress.push(state));
    await expect(service.restoreSession()).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(progress).toEqual(['startup', 'none']);
  });

  it.each<[string, (store: KeyValueStore, session: KeyValueStore) => void]>([
    ['a token', (store) => store.set('token', 'abc')],
    [
      'an account',
      (store) =>
        storeSession(store, 'abc', {
          homeAccountId: 'h',
          localAccountId: 'l',
          username: 'u',
          nativeAccountId: null,
          kind: 'external',
        }),
    ],
    [
      'a pending redirect sign-in',
      (_store, session) => session.set(sessionStorageKeys.signInPending, '1'),
    ],
  ])('loads the sign-in code to restore %s', async (_case, arrange) => {
    const { load, session } = loader();
    const store = createMemoryStore();
    const sessionStore = createMemoryStore();
    arrange(store, sessionStore);
    const service = createAuthService(options(store, sessionStore), load);
    await expect(service.restoreSession()).resolves.toEqual(sampleUser);
    expect(session.restoreSession).toHaveBeenCalledTimes(1);
  });

  it('runs one restore at a time (StrictMode runs effects twice), and again later', async () => {
    const { load, session } = loader();
    const service = createAuthService(options(createMemoryStore({ token: 'abc' })), load);
    const [first, second] = await Promise.all([service.restoreSession(), service.restoreSession()]);
    expect(first).toEqual(sampleUser);
    expect(second).toEqual(sampleUser);
    expect(session.restoreSession).toHaveBeenCalledTimes(1);
    // Another tab signing in asks again, later.
    await service.restoreSession();
    expect(session.restoreSession).toHaveBeenCalledTimes(2);
  });

  it('ends startup even when restoring fails', async () => {
    const { load, session } = loader();
    vi.mocked(session.restoreSession).mockRejectedValue(new Error('offline'));
    const service = createAuthService(options(createMemoryStore({ token: 'abc' })), load);
    const progress: SignInProgress[] = [];
    service.onProgress((state) => progress.push(state));
    await expect(service.restoreSession()).rejects.toThrow('offline');
    expect(progress).toEqual(['startup', 'none']);
  });

  it('loads the sign-in code once, on first use, and hands it the shared progress', async () => {
    const { load, session, created } = loader();
    const service = createAuthService(options(createMemoryStore()), load);
    await service.signIn({ email: 'a@b.co', password: 'secret1' });
    await service.verifyCode('a@b.co', '123456');
    await service.signInWithProvider('apple');
    expect(load).toHaveBeenCalledTimes(1);
    expect(session.signIn).toHaveBeenCalledWith({ email: 'a@b.co', password: 'secret1' });
    expect(session.verifyCode).toHaveBeenCalledWith('a@b.co', '123456');
    expect(session.signInWithProvider).toHaveBeenCalledWith('apple');

    const progress: SignInProgress[] = [];
    service.onProgress((state) => progress.push(state));
    created[0]?.progress.set('login');
    expect(progress).toEqual(['startup', 'login']);
  });

  it('sends the stored token as it is until the sign-in code is loaded, then asks it', async () => {
    const { load, session } = loader();
    const service = createAuthService(options(createMemoryStore({ token: 'stored' })), load);
    await expect(service.freshToken()).resolves.toBe('stored');
    expect(load).not.toHaveBeenCalled();
    await service.restoreSession();
    await expect(service.freshToken()).resolves.toBe('fresh');
    expect(session.freshToken).toHaveBeenCalledTimes(1);
  });
});
