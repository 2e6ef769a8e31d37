import { createContext, useContext } from 'react';
import type {
  AuthConfigurationError,
  AuthService,
  AuthUser,
  RegistrationDetails,
  SignInCredentials,
  SignInProgress,
} from '../authService';
import type { DomainHint } from '@studio/contracts';

/** §4: auth starts initialising, then is authenticated or not. */
export type AuthStatus = 'initialising' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  /** §4 sign-in progress. */
  progress: SignInProgress;
  user: AuthUser | null;
  /** §8 start-up: the external identity service is misconfigured (social sign-in is off). */
  configurationError: AuthConfigurationError | null;
  /** Whether Google/Microsoft/Apple sign-in is offered, and whether it is the sandbox's. */
  providers: { available: boolean; sandbox: boolean };
  signIn(credentials: SignInCredentials): Promise<AuthUser>;
  register(details: RegistrationDetails): Promise<void>;
  confirmRegistration(email: string, code: string): Promise<AuthUser>;
  requestCode(email: string): Promise<void>;
  verifyCode(email: string, code: string): Promise<AuthUser>;
  requestPasswordReset(email: string): Promise<void>;
  completePasswordReset(token: string, newPassword: string): Promise<void>;
  signInWithProvider(hint: DomainHint): Promise<void>;
  /** Reads the profile again and updates `user`. */
  reloadUser(): Promise<AuthUser>;
  signOut(): Promise<void>;
  signOutEverywhere(): Promise<void>;
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
