import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  clearStoredAuth,
  onAuthChangedElsewhere,
  onSignedOut,
  signalSignedOut,
} from '../../../lib/api/session';
import { useRuntimeConfig } from '../../../lib/runtimeConfig';
import { browserSessionStore, type KeyValueStore } from '../../../lib/storage';
import {
  actionsOf,
  unavailableAuthService,
  type AuthConfigurationError,
  type AuthService,
  type AuthUser,
  type SignInProgress,
} from '../authService';
import { AuthContext, type AuthContextValue, type AuthStatus } from '../hooks/useAuth';

export interface AuthProviderProps {
  children: ReactNode;
  /** The auth service; nobody can sign in with the default. */
  service?: AuthService;
  /** Where the token and account are kept (§3); cleared on sign-out. */
  store: KeyValueStore;
  /** This tab's session storage (a pending redirect sign-in); cleared on sign-out. */
  sessionStore?: KeyValueStore;
  /**
   * The page is drawn for a visitor on the server (the first-screen picture): signed out from
   * the start, as nothing is restored there.
   */
  visitor?: boolean;
}

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
}

const signedOut: AuthState = { status: 'unauthenticated', user: null };

/**
 * §4 auth state: initialising until the session is restored (after any redirect answer), then
 * authenticated or not. Logout or a 401 (here, or in another tab) signs out; a sign-in in another
 * tab is picked up. §8: a misconfigured identity service is reported, and social sign-in is off.
 */
export function AuthProvider({
  children,
  service = unavailableAuthService,
  store,
  sessionStore = browserSessionStore,
  visitor = false,
}: AuthProviderProps) {
  const { identity } = useRuntimeConfig();
  const [state, setState] = useState<AuthState>(
    visitor ? signedOut : { status: 'initialising', user: null },
  );
  const [progress, setProgress] = useState<SignInProgress>('startup');

  // §8 start-up check of the identity service's settings. The check loads after the first
  // render (it is not needed to draw the page); social sign-in is offered once it has passed.
  const [check, setCheck] = useState<{ error: AuthConfigurationError | null } | null>(null);
  useEffect(() => {
    if (!identity) return;
    let active = true;
    void import('../services/identityConfig').then(({ checkIdentityConfig }) => {
      if (!active) return;
      const error = checkIdentityConfig(identity);
      if (error) console.error(error.message, error.problems);
      setCheck({ error });
    });
    return () => {
      active = false;
    };
  }, [identity]);
  const configurationError = identity ? (check?.error ?? null) : null;

  const providers = useMemo(
    () => ({
      available: identity !== null && check !== null && check.error === null,
      sandbox: identity?.sandbox ?? false,
    }),
    [identity, check],
  );

  useEffect(() => service.onProgress(setProgress), [service]);

  const restore = useCallback(
    (isActive: () => boolean) =>
      service
        .restoreSession()
        .then((user) => {
          if (isActive()) setState(user ? { status: 'authenticated', user } : signedOut);
        })
        .catch((error: unknown) => {
          console.warn('Restoring the session failed; continuing signed out.', error);
          if (isActive()) setState(signedOut);
        })
        .finally(() => {
          // A stand-in service may not report progress: startup ends with the restore anyway.
          if (isActive()) setProgress((current) => (current === 'startup' ? 'none' : current));
        }),
    [service],
  );

  useEffect(() => {
    let active = true;
    void restore(() => active);
    // Another tab signed out (its token left local storage) or signed in (a token arrived).
    const unsubscribe = onAuthChangedElsewhere((change) => {
      if (change === 'signed-out') setState(signedOut);
      else void restore(() => active);
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, [restore]);

  // A 401 or a refused token renewal in this tab ends the session (§4).
  useEffect(() => onSignedOut(() => setState(signedOut)), []);

  const signedIn = useCallback((user: AuthUser) => {
    setState({ status: 'authenticated', user });
    return user;
  }, []);

  const endSession = useCallback(() => {
    clearStoredAuth(store);
    signalSignedOut();
    setState(signedOut);
    // MSAL's cache and a pending sign-in go too (ASVS 14.3.1); that code loads when needed.
    void import('../services/userData').then(({ forgetUserData }) =>
      forgetUserData({ store, sessionStore }),
    );
  }, [store, sessionStore]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      progress,
      configurationError,
      providers,
      // Every action runs the service's; those that change who is signed in update the state too.
      ...actionsOf(service),
      signIn: (credentials) => service.signIn(credentials).then(signedIn),
      confirmRegistration: (email, code) => service.confirmRegistration(email, code).then(signedIn),
      verifyCode: (email, code) => service.verifyCode(email, code).then(signedIn),
      reloadUser: () =>
        service.reloadUser().then((user) => {
          setState((current) =>
            current.status === 'authenticated' ? { status: 'authenticated', user } : current,
          );
          return user;
        }),
      signOut: async () => {
        try {
          await service.signOut();
        } finally {
          // Whatever the server said, this browser forgets the session.
          endSession();
        }
      },
      signOutEverywhere: async () => {
        await service.signOutEverywhere();
        endSession();
      },
      endSession,
    }),
    [state, progress, configurationError, providers, service, signedIn, endSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
