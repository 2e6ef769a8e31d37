import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { clearStoredAuth, onSignedOut } from '../../../lib/api/session';
import type { KeyValueStore } from '../../../lib/storage';
import { unavailableAuthService, type AuthService, type AuthUser } from '../authService';
import { AuthContext, type AuthContextValue, type AuthStatus } from '../hooks/useAuth';

export interface AuthProviderProps {
  children: ReactNode;
  /** The identity service; nobody can sign in with the default. */
  service?: AuthService;
  /** Where the token and account are kept (§3); cleared on sign-out. */
  store: KeyValueStore;
}

interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
}

const signedOut: AuthState = { status: 'unauthenticated', user: null };

export function AuthProvider({
  children,
  service = unavailableAuthService,
  store,
}: AuthProviderProps) {
  const [state, setState] = useState<AuthState>({ status: 'initialising', user: null });

  useEffect(() => {
    let active = true;
    service
      .restoreSession()
      .then((user) => {
        if (active) setState(user ? { status: 'authenticated', user } : signedOut);
      })
      .catch((error: unknown) => {
        console.warn('Restoring the session failed; continuing signed out.', error);
        if (active) setState(signedOut);
      });
    return () => {
      active = false;
    };
  }, [service]);

  // A 401 from the API ends the session wherever it happens (§4).
  useEffect(() => onSignedOut(() => setState(signedOut)), []);

  const signedIn = useCallback((user: AuthUser) => {
    setState({ status: 'authenticated', user });
    return user;
  }, []);

  const endSession = useCallback(() => {
    clearStoredAuth(store);
    setState(signedOut);
  }, [store]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn: (credentials) => service.signIn(credentials).then(signedIn),
      register: (details) => service.register(details).then(signedIn),
      requestPasswordReset: (email) => service.requestPasswordReset(email),
      completeRedirect: (url) => service.completeRedirect(url).then(signedIn),
      signOut: async () => {
        await service.signOut();
        endSession();
      },
      endSession,
    }),
    [state, service, signedIn, endSession],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
