import { createContext, useContext } from 'react';
import type { AuthService, AuthUser, RegistrationDetails, SignInCredentials } from '../authService';

/** §4: auth starts initialising, then is authenticated or not. */
export type AuthStatus = 'initialising' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  signIn(credentials: SignInCredentials): Promise<AuthUser>;
  register(details: RegistrationDetails): Promise<AuthUser>;
  requestPasswordReset(email: string): Promise<void>;
  completeRedirect(url: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Clears the stored token and account (§4) and forgets the user, without asking the provider. */
  endSession(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() must be used inside an <AuthProvider>.');
  return auth;
}

export type { AuthService };
