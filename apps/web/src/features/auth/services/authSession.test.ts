import type { DomainHint, IdentityClientConfig, SessionResponse } from '@studio/contracts';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiSettings, configureApi, type ApiSettings } from '../../../lib/api/settings';
import { readStoredAccount, storeSession } from '../../../lib/api/account';
import { onSignedOut } from '../../../lib/api/session';
import {
  browserStore,
  createMemoryStore,
  sessionStorageKeys,
  storageKeys,
  type KeyValueStore,
} from '../../../lib/storage';
import { sampleUser } from '../../../mocks/auth';
import { misconfiguredIdentity, sandboxIdentity } from '../../../mocks/handlers/config';
import { server } from '../../../test/server';
import { tokenExpiringIn } from '../../../test/jwt';
import { AuthConfigurationError, AuthUnavailableError, type AuthUser } from '../authService';
import { createAuthSession, type AuthSession, type AuthSessionOptions } from './authSession';
import type { ExternalSignIn, MsalSession } from './msal/msalSession';
import { createProgress } from './progress';
import { SessionEndedError } from './tokenKeeper';

const externalUser: AuthUser = { ...sampleUser, id: 'user-google', authProvider: 'google' };

/** What the API saw: method, path and bearer token of each call. */
let calls: string[] = [];
function record(request: Request) {
  const bearer = request.headers.get('authorization')?.replace('Bearer ', '') ?? '-';
  calls.push(`${request.method} ${new URL(request.url).pathname} ${bearer}`);
}

function session(user: AuthUser = sampleUser): SessionResponse {
  return { accessToken: tokenExpiringIn(900), expiresIn: 900, tokenType: 'Bearer', user };
}

/** The API's first-party routes for one browser, answering as the common brief says. */
function api({ refresh = 'ok' }: { refresh?: 'ok' | 'refused' | 'down' } = {}) {
  const issued: string[] = [];
  const issue = (user: AuthUser = sampleUser) => {
    const answer = session(user);
    issued.push(answer.accessToken);
    return HttpResponse.json(answer);
  };
  server.use(
    http.post('*/api/auth/login', async ({ request }) => {
      record(request);
      const body = (await request.json()) as { password?: string };
      return body.password === 'correct horse'
        ? issue()
        : HttpResponse.json({ message: 'Invalid email or password.' }, { status: 401 });
    }),
    http.post('*/api/auth/verify-code', ({ request }) => {
      record(request);
      return issue();
    }),
    http.post('*/api/auth/refresh', ({ request }) => {
      record(request);
      if (refresh === 'refused') {
        return HttpResponse.json(
          { message: 'Authentication required. Please log in.' },
          { status: 401 },
        );
      }
      if (refresh === 'down')
        return HttpResponse.json({ message: 'Server error.' }, { status: 500 });
      return issue();
    }),
    http.post('*/api/auth/logout', ({ request }) => {
      record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/auth/signout-everywhere', ({ request }) => {
      record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/userprofile', ({ request }) => {
      record(request);
      const bearer = request.headers.get('authorization');
      if (!bearer)
        return HttpResponse.json(
          { message: 'Authentication required. Please log in.' },
          { status: 401 },
        );
      return HttpResponse.json(bearer.includes('external') ? externalUser : sampleUser);
    }),
  );
  return { issued };
}

function fakeMsal(overrides: Partial<MsalSession> = {}): MsalSession {
  return {
    handleRedirect: vi.fn(async () => null),
    signIn: vi.fn(async () => undefined),
    acquireToken: vi.fn(async (account) => ({
      accessToken: 'external-renewed',
      account,
      returnPath: null,
    })),
    signOut: vi.fn(async () => undefined),
    ...overrides,
  };
}

const external: ExternalSignIn = {
  accessToken: 'external-token',
  account: {
    homeAccountId: 'sandbox-google-linh',
    localAccountId: 'sandbox-google-linh',
    username: 'linh@sandbox.test',
    nativeAccountId: null,
    kind: 'external',
  },
  returnPath: '/membership',
};

interface Setup {
  store: KeyValueStore;
  sessionStore: KeyValueStore;
  auth: AuthSession;
  msal: MsalSession;
  startMsal: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  signedOut: ReturnType<typeof vi.fn>;
}

let saved: ApiSettings;
let stopListening: () => void = () => undefined;

beforeEach(() => {
  calls = [];
  saved = { ...apiSettings };
  // Only the 30-minute timer is faked: the HTTP calls run for real against MSW.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  stopListening();
  configureApi(saved);
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

function setup({
  identity = sandboxIdentity,
  msal = fakeMsal(),
  currentPath = '/',
}: {
  identity?: IdentityClientConfig | null;
  msal?: MsalSession;
  currentPath?: string;
} = {}): Setup {
  const store = browserStore;
  const sessionStore = createMemoryStore();
  const startMsal = vi.fn(async () => msal);
  const navigate = vi.fn();
  const options: AuthSessionOptions = {
    store,
    sessionStore,
    identity: async () => identity,
    origin: 'http://localhost:3000',
    location: () => ({ pathname: currentPath, search: '', hash: '', state: null }),
    navigate,
    progress: createProgress(),
    startMsal,
    locks: null,
  };
  const auth = createAuthSession(options);
  // As main.tsx does: every request waits for a fresh token.
  configureApi({ store, freshToken: () => auth.freshToken(), currentPath: () => currentPath });
  const signedOut = vi.fn();
  stopListening = onSignedOut(signedOut);
  return { store, sessionStore, auth, msal, startMsal, navigate, signedOut };
}

describe('first-party sign-in', () => {
  it('signs in with e-mail and password: the token and the account are stored (§3)', async () => {
    const { issued } = api();
    const { auth, store } = setup();
    await expect(
      auth.signIn({ email: 'linh.nguyen@example.com', password: 'correct horse' }),
    ).resolves.toEqual(sampleUser);
    expect(store.get(storageKeys.token)).toBe(issued[0]);
    expect(readStoredAccount(store)).toEqual({
      homeAccountId: sampleUser.id,
      localAccountId: sampleUser.id,
      username: sampleUser.email,
      nativeAccountId: null,
      kind: 'first-party',
    });
  });

  it('passes the 401 of wrong credentials to the caller without signing anyone out', async () => {
    api();
    const { auth, store, signedOut } = setup({ currentPath: '/membership' });
    const redirectToLogin = vi.fn();
    configureApi({ redirectToLogin });
    storeSession(store, 'kept-token', external.account);
    await expect(
      auth.signIn({ email: 'linh.nguyen@example.com', password: 'wrong' }),
    ).rejects.toMatchObject({
      response: { status: 401, data: { message: 'Invalid email or password.' } },
    });
    expect(store.get(storageKeys.token)).toBe('kept-token');
    expect(signedOut).not.toHaveBeenCalled();
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('signs in with an e-mail code', async () => {
    const { issued } = api();
    const { auth, store } = setup();
    await expect(auth.verifyCode('linh.nguyen@example.com', '123456')).resolves.toEqual(sampleUser);
    expect(store.get(storageKeys.token)).toBe(issued[0]);
  });
});

describe('restoring the session at start', () => {
  it('restores nothing, and asks nothing, when nobody signed in', async () => {
    api();
    const { auth } = setup();
    await expect(auth.restoreSession()).resolves.toBeNull();
    expect(calls).toEqual([]);
  });

  it('uses a token with time left as it is', async () => {
    api();
    const { auth, store } = setup();
    const token = tokenExpiringIn(600);
    storeSession(store, token, { ...external.account, kind: 'first-party' });
    await expect(auth.restoreSession()).resolves.toEqual(sampleUser);
    expect(calls).toEqual([`GET /api/userprofile ${token}`]);
  });

  it('refreshes a token about to expire before asking for the profile with the new one', async () => {
    const { issued } = api();
    const { auth, store } = setup();
    const stale = tokenExpiringIn(60);
    storeSession(store, stale, { ...external.account, kind: 'first-party' });
    await expect(auth.restoreSession()).resolves.toEqual(sampleUser);
    expect(calls).toEqual([`POST /api/auth/refresh ${stale}`, `GET /api/userprofile ${issued[0]}`]);
    expect(store.get(storageKeys.token)).toBe(issued[0]);
  });

  it('tries the refresh cookie when the account is stored but the token is gone', async () => {
    const { issued } = api();
    const { auth, store } = setup();
    store.set(storageKeys.account, JSON.stringify({ ...external.account, kind: 'first-party' }));
    await expect(auth.restoreSession()).resolves.toEqual(sampleUser);
    expect(calls).toEqual(['POST /api/auth/refresh -', `GET /api/userprofile ${issued[0]}`]);
  });

  it('ends the session when the refresh is refused: token and account cleared, logout signalled', async () => {
    api({ refresh: 'refused' });
    const { auth, store, signedOut } = setup();
    storeSession(store, tokenExpiringIn(30), { ...external.account, kind: 'first-party' });
    store.set(storageKeys.theme, 'forest');
    await expect(auth.restoreSession()).resolves.toBeNull();
    expect(store.get(storageKeys.token)).toBeNull();
    expect(store.get(storageKeys.account)).toBeNull();
    expect(store.get(storageKeys.theme)).toBe('forest');
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([expect.stringMatching(/^POST \/api\/auth\/refresh /)]);
  });

  it('keeps the session when the refresh could not be answered (a server error)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api({ refresh: 'down' });
    const { auth, store, signedOut } = setup();
    const token = tokenExpiringIn(30);
    storeSession(store, token, { ...external.account, kind: 'first-party' });
    await expect(auth.restoreSession()).resolves.toEqual(sampleUser);
    expect(store.get(storageKeys.token)).toBe(token);
    expect(signedOut).not.toHaveBeenCalled();
  });
});

describe('any API call (the clients await a fresh token)', () => {
  it('renews a token about to expire before the call goes out (a laptop waking up)', async () => {
    const { issued } = api();
    const { auth, store } = setup();
    const stale = tokenExpiringIn(200);
    storeSession(store, stale, { ...external.account, kind: 'first-party' });
    await expect(auth.reloadUser()).resolves.toEqual(sampleUser);
    expect(calls).toEqual([`POST /api/auth/refresh ${stale}`, `GET /api/userprofile ${issued[0]}`]);
  });
});

describe('a 401 from any other call (§6)', () => {
  it('still clears the token and account, signals logout and goes to /login', async () => {
    api();
    server.use(
      http.get('*/api/userprofile', () =>
        HttpResponse.json({ message: 'Authentication required. Please log in.' }, { status: 401 }),
      ),
    );
    const { auth, store, signedOut } = setup({ currentPath: '/membership' });
    const redirectToLogin = vi.fn();
    configureApi({ redirectToLogin });
    storeSession(store, tokenExpiringIn(600), { ...external.account, kind: 'first-party' });
    await expect(auth.reloadUser()).rejects.toMatchObject({ response: { status: 401 } });
    expect(store.get(storageKeys.token)).toBeNull();
    expect(store.get(storageKeys.account)).toBeNull();
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(redirectToLogin).toHaveBeenCalledWith('/membership');
  });
});

describe('the silent refresh every 30 minutes (§4)', () => {
  it('refreshes on the timer once signed in, and ends the session when refused', async () => {
    const { issued } = api();
    const { auth, store, signedOut } = setup();
    await auth.signIn({ email: 'linh.nguyen@example.com', password: 'correct horse' });
    calls = [];
    await vi.advanceTimersByTimeAsync(30 * 60 * 1000);
    await vi.waitFor(() => expect(calls).toEqual([`POST /api/auth/refresh ${issued[0]}`]));
    await vi.waitFor(() => expect(store.get(storageKeys.token)).toBe(issued[1]));

    api({ refresh: 'refused' });
    await vi.advanceTimersByTimeAsync(30 * 60 * 1000);
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
    expect(store.get(storageKeys.token)).toBeNull();
  });
});

describe('the silent refresh every 30 minutes, for an external account', () => {
  it('asks MSAL for a new token, not the cached one', async () => {
    api();
    const msal = fakeMsal();
    const { auth, store } = setup({ msal });
    storeSession(store, tokenExpiringIn(60 * 60), external.account);
    await expect(auth.restoreSession()).resolves.not.toBeNull();
    expect(msal.acquireToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30 * 60 * 1000);
    await vi.waitFor(() =>
      expect(msal.acquireToken).toHaveBeenCalledWith(external.account, { forceRefresh: true }),
    );
    await vi.waitFor(() => expect(store.get(storageKeys.token)).toBe('external-renewed'));
  });
});

describe('signing out', () => {
  it('revokes the first-party session and forgets every auth datum', async () => {
    api();
    const { auth, store, sessionStore } = setup();
    storeSession(store, tokenExpiringIn(600), { ...external.account, kind: 'first-party' });
    store.set(storageKeys.language, 'vi');
    window.localStorage.setItem('msal.3.token.keys.studio-web', '{}');
    sessionStore.set(sessionStorageKeys.signInPending, '1');
    await auth.signOut();
    expect(calls).toEqual([expect.stringMatching(/^POST \/api\/auth\/logout /)]);
    expect(store.get(storageKeys.token)).toBeNull();
    expect(store.get(storageKeys.account)).toBeNull();
    expect(window.localStorage.getItem('msal.3.token.keys.studio-web')).toBeNull();
    expect(sessionStore.get(sessionStorageKeys.signInPending)).toBeNull();
    // The visitor's own choices stay.
    expect(store.get(storageKeys.language)).toBe('vi');
  });

  it('forgets the session here even when the server cannot be told', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api();
    server.use(http.post('*/api/auth/logout', () => HttpResponse.error()));
    const { auth, store } = setup();
    storeSession(store, tokenExpiringIn(600), { ...external.account, kind: 'first-party' });
    await auth.signOut();
    expect(store.get(storageKeys.token)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Signing out on the server failed.', expect.anything());
  });

  it('everywhere: ends every session on the server, then this one', async () => {
    api();
    const { auth, store } = setup();
    const token = tokenExpiringIn(600);
    storeSession(store, token, { ...external.account, kind: 'first-party' });
    await auth.signOutEverywhere();
    expect(calls).toEqual([
      `POST /api/auth/signout-everywhere ${token}`,
      `POST /api/auth/logout ${token}`,
    ]);
    expect(store.get(storageKeys.token)).toBeNull();
  });

  it('through the identity service for an external account', async () => {
    api();
    const msal = fakeMsal();
    const { auth, store } = setup({ msal });
    storeSession(store, 'external-token', external.account);
    await auth.signOut();
    expect(msal.signOut).toHaveBeenCalledWith(external.account);
    expect(store.get(storageKeys.token)).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('the external identity service (MSAL, loaded only when used)', () => {
  it('is not loaded for first-party sign-in', async () => {
    api();
    const { auth, startMsal } = setup();
    await auth.signIn({ email: 'linh.nguyen@example.com', password: 'correct horse' });
    await auth.restoreSession();
    expect(startMsal).not.toHaveBeenCalled();
  });

  it('starts a redirect sign-in with the hint and where to come back, marked as pending', async () => {
    const msal = fakeMsal();
    const { auth, sessionStore } = setup({ msal, currentPath: '/membership' });
    const outcome = vi.fn();
    void auth.signInWithProvider('google').then(outcome, outcome);
    await vi.waitFor(() => expect(msal.signIn).toHaveBeenCalledWith('google', '/membership'));
    expect(sessionStore.get(sessionStorageKeys.signInPending)).toBe('1');
    // The browser is leaving: the call never settles, so the button stays busy.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outcome).not.toHaveBeenCalled();
  });

  it('clears the mark and fails when the redirect cannot start', async () => {
    const msal = fakeMsal({ signIn: () => Promise.reject(new Error('interaction_in_progress')) });
    const { auth, sessionStore } = setup({ msal });
    await expect(auth.signInWithProvider('apple')).rejects.toThrow('interaction_in_progress');
    expect(sessionStore.get(sessionStorageKeys.signInPending)).toBeNull();
  });

  it.each<[string, IdentityClientConfig | null, new (...args: never[]) => Error]>([
    ['none is configured', null, AuthUnavailableError],
    ['the configuration is invalid (§8)', misconfiguredIdentity, AuthConfigurationError],
  ])('is refused when %s, and MSAL is never loaded', async (_case, identity, error) => {
    const { auth, startMsal } = setup({ identity });
    const hint: DomainHint = 'microsoft';
    await expect(auth.signInWithProvider(hint)).rejects.toBeInstanceOf(error);
    expect(startMsal).not.toHaveBeenCalled();
  });

  it('completes a pending redirect sign-in at start: token, external account, profile, way back', async () => {
    api();
    const msal = fakeMsal({ handleRedirect: vi.fn(async () => external) });
    const { auth, store, sessionStore, navigate } = setup({ msal });
    sessionStore.set(sessionStorageKeys.signInPending, '1');
    await expect(auth.restoreSession()).resolves.toEqual(externalUser);
    expect(store.get(storageKeys.token)).toBe('external-token');
    expect(readStoredAccount(store)).toEqual(external.account);
    expect(calls).toEqual(['GET /api/userprofile external-token']);
    expect(sessionStore.get(sessionStorageKeys.signInPending)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/membership');
  });

  it('does not navigate to a return path that leaves the app', async () => {
    api();
    const msal = fakeMsal({
      handleRedirect: vi.fn(async () => ({ ...external, returnPath: '//evil.example/x' })),
    });
    const { auth, sessionStore, navigate } = setup({ msal });
    sessionStore.set(sessionStorageKeys.signInPending, '1');
    await auth.restoreSession();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('continues signed out when the identity service answered with an error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const msal = fakeMsal({ handleRedirect: () => Promise.reject(new Error('access_denied')) });
    const { auth, sessionStore } = setup({ msal });
    sessionStore.set(sessionStorageKeys.signInPending, '1');
    await expect(auth.restoreSession()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('renews an external token through MSAL, and ends the session when it cannot', async () => {
    api();
    const msal = fakeMsal();
    const { auth, store, signedOut } = setup({ msal });
    storeSession(store, tokenExpiringIn(30), external.account);
    await expect(auth.freshToken()).resolves.toBe('external-renewed');
    expect(msal.acquireToken).toHaveBeenCalledWith(external.account, { forceRefresh: false });
    expect(store.get(storageKeys.token)).toBe('external-renewed');

    vi.mocked(msal.acquireToken).mockRejectedValue(new SessionEndedError());
    storeSession(store, tokenExpiringIn(30), external.account);
    await expect(auth.freshToken()).resolves.toBeNull();
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(store.get(storageKeys.account)).toBeNull();
  });

  it('is started at most once per page load, even when starting failed', async () => {
    const { auth, startMsal } = setup();
    startMsal.mockRejectedValue(new Error('not initialised'));
    await expect(auth.signInWithProvider('google')).rejects.toThrow('not initialised');
    await expect(auth.signInWithProvider('google')).rejects.toThrow('not initialised');
    expect(startMsal).toHaveBeenCalledTimes(1);
  });
});
