import {
  EventType,
  InteractionRequiredAuthError,
  InteractionType,
  stubbedPublicClientApplication,
  type AccountInfo,
  type AuthenticationResult,
  type Configuration,
  type EventCallbackFunction,
  type EventMessage,
  type IPublicClientApplication,
} from '@azure/msal-browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredAccount } from '../../../../lib/api/account';
import { sandboxIdentity } from '../../../../mocks/handlers/config';
import type { SignInProgress } from '../../authService';
import { createProgress } from '../progress';
import { SessionEndedError } from '../tokenKeeper';
import {
  AuthServiceNotInitialisedError,
  createMsalSession,
  INITIALISE_ATTEMPTS,
} from './msalSession';

const origin = 'http://127.0.0.1:4317';

const msalAccount: AccountInfo = {
  homeAccountId: 'sandbox-google-linh',
  environment: '127.0.0.1:4317',
  tenantId: '',
  username: 'linh@sandbox.test',
  localAccountId: 'sandbox-google-linh',
  nativeAccountId: 'native-linh',
  idToken: 'id.token.value',
};

const storedAccount: StoredAccount = {
  homeAccountId: 'sandbox-google-linh',
  localAccountId: 'sandbox-google-linh',
  username: 'linh@sandbox.test',
  nativeAccountId: 'native-linh',
  kind: 'external',
};

function result(accessToken: string, state?: string): AuthenticationResult {
  return {
    authority: sandboxIdentity.authority,
    uniqueId: msalAccount.localAccountId,
    tenantId: '',
    scopes: ['api.access'],
    account: msalAccount,
    idToken: 'id.token.value',
    idTokenClaims: {},
    accessToken,
    fromCache: false,
    expiresOn: null,
    tokenType: 'Bearer',
    correlationId: 'correlation',
    ...(state !== undefined ? { state } : {}),
  };
}

function event(eventType: EventMessage['eventType'], interactionType: InteractionType | null) {
  return {
    eventType,
    interactionType,
    payload: null,
    error: null,
    correlationId: 'c',
    timestamp: 0,
  };
}

/**
 * A PublicClientApplication stand-in: every method MSAL has (rejecting, from MSAL's own stub),
 * the ones the session uses replaced, and MSAL's events sent as the real one sends them.
 */
function fakeClient(overrides: Partial<IPublicClientApplication> = {}) {
  const callbacks: EventCallbackFunction[] = [];
  const emit = (type: EventMessage['eventType'], interaction: InteractionType | null) => {
    for (const callback of callbacks) callback(event(type, interaction));
  };
  const client: IPublicClientApplication = {
    ...stubbedPublicClientApplication,
    initialize: vi.fn(async () => undefined),
    addEventCallback: vi.fn((callback: EventCallbackFunction) => {
      callbacks.push(callback);
      return 'callback-1';
    }),
    handleRedirectPromise: vi.fn(async () => {
      emit(EventType.HANDLE_REDIRECT_START, InteractionType.Redirect);
      emit(EventType.HANDLE_REDIRECT_END, InteractionType.Redirect);
      return null;
    }),
    getAccount: vi.fn(() => msalAccount),
    setActiveAccount: vi.fn(),
    loginRedirect: vi.fn(async () => undefined),
    acquireTokenSilent: vi.fn(async () => {
      emit(EventType.ACQUIRE_TOKEN_START, InteractionType.Silent);
      emit(EventType.ACQUIRE_TOKEN_SUCCESS, InteractionType.Silent);
      return result('silent-token');
    }),
    acquireTokenPopup: vi.fn(async () => {
      emit(EventType.ACQUIRE_TOKEN_START, InteractionType.Popup);
      emit(EventType.ACQUIRE_TOKEN_SUCCESS, InteractionType.Popup);
      return result('popup-token');
    }),
    logoutRedirect: vi.fn(async () => {
      emit(EventType.LOGOUT_START, InteractionType.Redirect);
    }),
    clearCache: vi.fn(async () => undefined),
    ...overrides,
  };
  return { client, emit };
}

async function session(client: IPublicClientApplication) {
  const progress = createProgress();
  const seen: SignInProgress[] = [];
  progress.subscribe((state) => seen.push(state));
  const createClient = vi.fn((_configuration: Configuration) => client);
  const msal = await createMsalSession({
    identity: sandboxIdentity,
    origin,
    progress,
    createClient,
  });
  return { msal, progress, seen, createClient };
}

afterEach(() => vi.restoreAllMocks());

describe('starting MSAL (§4, §9: at most 2 attempts)', () => {
  it('builds the client from the identity settings and initialises it once when that works', async () => {
    const { client } = fakeClient();
    const { createClient } = await session(client);
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(createClient.mock.calls[0]?.[0]).toMatchObject({
      auth: { clientId: 'studio-web', redirectUri: `${origin}/auth/callback` },
      system: { protocolMode: 'OIDC', tokenRenewalOffsetSeconds: 300 },
    });
    expect(client.initialize).toHaveBeenCalledTimes(1);
  });

  it('tries a second time, with a new client, after a failure', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = fakeClient({ initialize: vi.fn(() => Promise.reject(new Error('crypto'))) });
    const working = fakeClient();
    const createClient = vi
      .fn()
      .mockReturnValueOnce(failing.client)
      .mockReturnValueOnce(working.client);
    await createMsalSession({
      identity: sandboxIdentity,
      origin,
      progress: createProgress(),
      createClient,
    });
    expect(createClient).toHaveBeenCalledTimes(2);
    expect(working.client.initialize).toHaveBeenCalledTimes(1);
  });

  it('gives up after the second failure with the not-initialised error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const cause = new Error('no crypto here');
    const createClient = vi.fn(
      () => fakeClient({ initialize: () => Promise.reject(cause) }).client,
    );
    const started = createMsalSession({
      identity: sandboxIdentity,
      origin,
      progress: createProgress(),
      createClient,
    });
    await expect(started).rejects.toBeInstanceOf(AuthServiceNotInitialisedError);
    await expect(started).rejects.toMatchObject({ cause });
    expect(INITIALISE_ATTEMPTS).toBe(2);
    expect(createClient).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('a redirect sign-in', () => {
  it('leaves with the domain hint (also as domain_hint for the sandbox) and the way back', async () => {
    const { client } = fakeClient();
    const { msal, seen } = await session(client);
    await msal.signIn('google', '/membership?tab=billing');
    expect(client.loginRedirect).toHaveBeenCalledWith({
      scopes: ['api.access'],
      domainHint: 'google',
      extraQueryParameters: { domain_hint: 'google' },
      state: '/membership?tab=billing',
      redirectStartPage: `${origin}/membership?tab=billing`,
    });
    // The browser is leaving: the progress stays at login.
    expect(seen.at(-1)).toBe('login');
  });

  it('returns to none, and rethrows, when the redirect could not start', async () => {
    const { client } = fakeClient({
      loginRedirect: () => Promise.reject(new Error('interaction_in_progress')),
    });
    const { msal, progress } = await session(client);
    await expect(msal.signIn('apple', '/')).rejects.toThrow('interaction_in_progress');
    expect(progress.current()).toBe('none');
  });

  it("hands back the answer's token, account and return path, through handleRedirect progress", async () => {
    const { client, emit } = fakeClient();
    vi.mocked(client.handleRedirectPromise).mockImplementation(async () => {
      emit(EventType.HANDLE_REDIRECT_START, InteractionType.Redirect);
      emit(EventType.HANDLE_REDIRECT_END, InteractionType.Redirect);
      return result('redirect-token', '/home');
    });
    const { msal, seen } = await session(client);
    await expect(msal.handleRedirect()).resolves.toEqual({
      accessToken: 'redirect-token',
      account: storedAccount,
      returnPath: '/home',
    });
    expect(client.setActiveAccount).toHaveBeenCalledWith(msalAccount);
    expect(seen).toEqual(['startup', 'handleRedirect', 'none']);
  });

  it('handles the redirect answer only once per page load', async () => {
    const { client } = fakeClient();
    const { msal } = await session(client);
    await msal.handleRedirect();
    await msal.acquireToken(storedAccount);
    await msal.signIn('microsoft', '/');
    expect(client.handleRedirectPromise).toHaveBeenCalledTimes(1);
  });
});

describe('a token for the API', () => {
  it('comes silently when it can (progress ssoSilent, then none)', async () => {
    const { client } = fakeClient();
    const { msal, seen } = await session(client);
    await msal.handleRedirect();
    seen.length = 0;
    await expect(msal.acquireToken(storedAccount)).resolves.toMatchObject({
      accessToken: 'silent-token',
      account: storedAccount,
    });
    expect(client.acquireTokenSilent).toHaveBeenCalledWith({
      scopes: ['api.access'],
      account: msalAccount,
    });
    expect(client.acquireTokenPopup).not.toHaveBeenCalled();
    expect(seen).toEqual(['ssoSilent', 'none']);
  });

  it('skips the cache when asked (the 30-minute refresh), but not for the popup', async () => {
    const { client } = fakeClient({
      acquireTokenSilent: vi.fn(() =>
        Promise.reject(
          new InteractionRequiredAuthError('login_required', 'The user must sign in again.'),
        ),
      ),
    });
    const { msal } = await session(client);
    await msal.acquireToken(storedAccount, { forceRefresh: true });
    expect(client.acquireTokenSilent).toHaveBeenCalledWith({
      scopes: ['api.access'],
      account: msalAccount,
      forceRefresh: true,
    });
    expect(client.acquireTokenPopup).toHaveBeenCalledWith({
      scopes: ['api.access'],
      account: msalAccount,
    });
  });

  it('falls back to a popup when the identity service wants an interaction', async () => {
    const { client } = fakeClient({
      acquireTokenSilent: () =>
        Promise.reject(
          new InteractionRequiredAuthError('login_required', 'The user must sign in again.'),
        ),
    });
    const { msal, seen } = await session(client);
    await msal.handleRedirect();
    seen.length = 0;
    await expect(msal.acquireToken(storedAccount)).resolves.toMatchObject({
      accessToken: 'popup-token',
    });
    expect(client.acquireTokenPopup).toHaveBeenCalledWith({
      scopes: ['api.access'],
      account: msalAccount,
    });
    expect(seen).toEqual(['ssoSilent', 'none', 'acquireToken', 'none']);
  });

  it('ends the session when the popup fails too', async () => {
    const popupError = new Error('user_cancelled');
    const { client } = fakeClient({
      acquireTokenSilent: () =>
        Promise.reject(
          new InteractionRequiredAuthError('login_required', 'The user must sign in again.'),
        ),
      acquireTokenPopup: () => Promise.reject(popupError),
    });
    const { msal, progress } = await session(client);
    const acquired = msal.acquireToken(storedAccount);
    await expect(acquired).rejects.toBeInstanceOf(SessionEndedError);
    await expect(acquired).rejects.toMatchObject({ cause: popupError });
    expect(progress.current()).toBe('none');
  });

  it('does not open a popup for other failures (offline): they pass through', async () => {
    const offline = new Error('no_network_connectivity');
    const { client } = fakeClient({ acquireTokenSilent: () => Promise.reject(offline) });
    const { msal } = await session(client);
    await expect(msal.acquireToken(storedAccount)).rejects.toBe(offline);
    expect(client.acquireTokenPopup).not.toHaveBeenCalled();
  });

  it('ends the session when MSAL no longer knows the account', async () => {
    const { client } = fakeClient({ getAccount: () => null });
    const { msal } = await session(client);
    await expect(msal.acquireToken(storedAccount)).rejects.toBeInstanceOf(SessionEndedError);
  });
});

describe('signing out', () => {
  it('redirects to the identity service with the id token as hint, back to /auth/signout-callback', async () => {
    const { client } = fakeClient();
    const { msal, progress } = await session(client);
    await msal.signOut(storedAccount);
    expect(client.getAccount).toHaveBeenCalledWith({ homeAccountId: 'sandbox-google-linh' });
    expect(client.logoutRedirect).toHaveBeenCalledWith({
      account: msalAccount,
      idTokenHint: 'id.token.value',
      postLogoutRedirectUri: `${origin}/auth/signout-callback`,
    });
    expect(progress.current()).toBe('logout');
  });

  it('clears MSAL’s cache when it cannot name the account to the identity service', async () => {
    const { client } = fakeClient({ getAccount: () => null });
    const { msal } = await session(client);
    await msal.signOut(storedAccount);
    expect(client.logoutRedirect).not.toHaveBeenCalled();
    expect(client.clearCache).toHaveBeenCalledTimes(1);
  });
});
