import type { IdentityClientConfig, SessionResponse, UserProfile } from '@studio/contracts';
import { isHttpFailure } from '../../../lib/api/errorText';
import { readStoredAccount, storeSession, type StoredAccount } from '../../../lib/api/account';
import {
  clearStoredAuth,
  onSignedOut,
  signalSignedOut,
  storedToken,
} from '../../../lib/api/session';
import { sessionStorageKeys, type KeyValueStore } from '../../../lib/storage';
import { AuthUnavailableError, type AuthService, type AuthUser } from '../authService';
import * as firstPartyApi from './firstPartyApi';
import { checkIdentityConfig } from './identityConfig';
import type { MsalSession, MsalSessionOptions } from './msal/msalSession';
import type { ProgressEmitter } from './progress';
import { isAppPath, redirectReturnPath, type RouterLocation } from './returnPath';
import { createTokenKeeper, SessionEndedError, type TokenKeeperOptions } from './tokenKeeper';
import { forgetUserData } from './userData';

export type FirstPartyApi = typeof firstPartyApi;

export interface AuthSessionOptions {
  /** Local storage: the token and account (§3). */
  store: KeyValueStore;
  /** Session storage: the pending redirect sign-in marker. */
  sessionStore: KeyValueStore;
  /** The identity service of /config.json; null when none is set up. */
  identity: () => Promise<IdentityClientConfig | null>;
  /** The app's origin, for the redirect URIs. */
  origin: string;
  /** Where the app is now (the router's location), to know where a redirect sign-in returns. */
  location: () => RouterLocation;
  navigate: (path: string) => void;
  progress: ProgressEmitter;
  /** Tests swap these. */
  api?: FirstPartyApi;
  startMsal?: (options: MsalSessionOptions) => Promise<MsalSession>;
  locks?: TokenKeeperOptions['locks'];
}

/** What the facade (createAuthService) delegates to once sign-in is needed. */
export interface AuthSession extends Omit<AuthService, 'onProgress'> {
  freshToken(): Promise<string | null>;
}

const startMsalSession = (options: MsalSessionOptions) =>
  import('./msal/msalSession').then((module) => module.createMsalSession(options));

function firstPartyAccount(user: UserProfile): StoredAccount {
  return {
    homeAccountId: user.id,
    localAccountId: user.id,
    username: user.email,
    nativeAccountId: null,
    kind: 'first-party',
  };
}

/** The refresh route said no: the session is over (anything else may pass, like being offline). */
const refused = (error: unknown) => isHttpFailure(error) && error.response?.status === 401;

/**
 * Sign-in for real: the first-party routes of the API and, loaded only when used, the external
 * identity service through MSAL. Keeps the token fresh and ends the session when it cannot.
 */
export function createAuthSession({
  store,
  sessionStore,
  identity,
  origin,
  location,
  navigate,
  progress,
  api = firstPartyApi,
  startMsal = startMsalSession,
  locks,
}: AuthSessionOptions): AuthSession {
  // §4, §9: tried at most twice per page load; a failure stays (first-party sign-in still works).
  let msal: Promise<MsalSession> | null = null;
  const loadMsal = () => {
    msal ??= identity().then((config) => {
      if (!config) throw new AuthUnavailableError();
      const problem = checkIdentityConfig(config);
      if (problem) throw problem;
      return startMsal({ identity: config, origin, progress });
    });
    return msal;
  };

  const renew = async ({ force }: { force: boolean }): Promise<string> => {
    const account = readStoredAccount(store);
    if (account?.kind === 'external') {
      const service = await loadMsal().catch((error: unknown) => {
        throw new SessionEndedError({ cause: error });
      });
      const result = await service.acquireToken(account, { forceRefresh: force });
      storeSession(store, result.accessToken, result.account);
      return result.accessToken;
    }
    try {
      const session = await api.refresh();
      storeSession(store, session.accessToken, firstPartyAccount(session.user));
      return session.accessToken;
    } catch (error) {
      throw refused(error) ? new SessionEndedError({ cause: error }) : error;
    }
  };

  const keeper = createTokenKeeper({
    store,
    renew,
    endSession: () => {
      keeper.stop();
      clearStoredAuth(store);
      signalSignedOut();
    },
    ...(locks !== undefined ? { locks } : {}),
  });
  // A 401 anywhere ends the session; nothing is left to keep fresh.
  onSignedOut(() => keeper.stop());

  const signedIn = (session: SessionResponse): AuthUser => {
    storeSession(store, session.accessToken, firstPartyAccount(session.user));
    keeper.start();
    return session.user;
  };

  /** The answer of a redirect sign-in started in this tab, if one is on its way back. */
  const completeRedirect = async (): Promise<AuthUser | null> => {
    if (sessionStore.get(sessionStorageKeys.signInPending) === null) return null;
    sessionStore.remove(sessionStorageKeys.signInPending);
    let result;
    try {
      result = await (await loadMsal()).handleRedirect();
    } catch (error) {
      console.warn('The sign-in with the identity service did not complete.', error);
      return null;
    }
    if (!result) return null;
    storeSession(store, result.accessToken, result.account);
    const user = await api.getProfile();
    keeper.start();
    const { pathname, search, hash } = location();
    const { returnPath } = result;
    if (returnPath && isAppPath(returnPath) && returnPath !== `${pathname}${search}${hash}`) {
      navigate(returnPath);
    }
    return user;
  };

  const signOut = async (): Promise<void> => {
    keeper.stop();
    const account = readStoredAccount(store);
    if (account?.kind === 'external') {
      // MSAL keeps its cache until its logout: it names the account to the identity service.
      clearStoredAuth(store);
      sessionStore.remove(sessionStorageKeys.signInPending);
      const service = await loadMsal().catch(() => null);
      // The identity service ends its session and returns to /auth/signout-callback, which
      // forgets whatever is left; without MSAL, everything is forgotten here.
      if (service) await service.signOut(account);
      else forgetUserData({ store, sessionStore });
      return;
    }
    try {
      await api.logout();
    } catch (error) {
      // Forgotten here anyway; the server's copy expires on its own.
      console.warn('Signing out on the server failed.', error);
    }
    forgetUserData({ store, sessionStore });
  };

  return {
    async restoreSession() {
      const fromRedirect = await completeRedirect();
      if (fromRedirect) return fromRedirect;
      const account = readStoredAccount(store);
      const token = storedToken(store);
      if (!account && !token) return null;
      // Signed in before, but the token is gone or stale: the refresh cookie may still be good.
      const fresh = token === null ? await keeper.renewNow() : await keeper.freshToken();
      if (fresh === null) return null;
      const user = await api.getProfile();
      keeper.start();
      return user;
    },
    signIn: async (credentials) => signedIn(await api.login(credentials)),
    register: (details) => api.register(details),
    confirmRegistration: async (email, code) =>
      signedIn(await api.confirmRegistration(email, code)),
    requestCode: (email) => api.requestCode(email),
    verifyCode: async (email, code) => signedIn(await api.verifyCode(email, code)),
    requestPasswordReset: (email) => api.requestPasswordReset(email),
    completePasswordReset: (token, newPassword) => api.completePasswordReset(token, newPassword),
    async signInWithProvider(hint) {
      const service = await loadMsal();
      sessionStore.set(sessionStorageKeys.signInPending, '1');
      try {
        await service.signIn(hint, redirectReturnPath(location()));
      } catch (error) {
        sessionStore.remove(sessionStorageKeys.signInPending);
        throw error;
      }
      // The browser is on its way to the identity service: nothing more happens on this page.
      return new Promise<never>(() => undefined);
    },
    reloadUser: () => api.getProfile(),
    signOut,
    async signOutEverywhere() {
      await api.signOutEverywhere();
      await signOut();
    },
    freshToken: () => keeper.freshToken(),
  };
}
