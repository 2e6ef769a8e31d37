import { createContext, useContext } from 'react';
import type {
  AuthActions,
  AuthConfigurationError,
  AuthService,
  AuthUser,
  SignInProgress,
} from '../authService';

/** §4: auth starts initialising, then is authenticated or not. */
export type AuthStatus = 'initialising' | 'authenticated' | 'unauthenticated';

/**
 * The auth context: who is signed in, and the service's actions (authActions), each running the
 * service's own; those that sign in, reload the profile or sign out also update `user`.
 */
export interface AuthContextValue extends AuthActions {
  status: AuthStatus;
  /** §4 sign-in progress. */
  progress: SignInProgress;
  user: AuthUser | null;
  /** §8 start-up: the external identity service is misconfigured (social sign-in is off). */
  configurationError: AuthConfigurationError | null;
  /** Whether Google/Microsoft/Apple sign-in is offered, and whether it is the sandbox's. */
  providers: { available: boolean; sandbox: boolean };
  /** Clears the stored token and account (§4) and forgets the user, without asking the server. */
  endSession(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() must be used inside an <AuthProvider>.');
  return auth;
}

export type { AuthService };
