/**
 * The auth context's view of sign-in. The identity service (§7 Auth: redirect, silent token,
 * e-mail code) plugs in behind this interface; until it does, unavailableAuthService answers
 * every request with AuthUnavailableError, which the pages show as "Sign-in is not available yet".
 */
export interface AuthUser {
  id: string;
  userName: string;
  email: string;
  displayName: string;
  roles: string[];
  /** §3: defaults to free. */
  subscriptionTier: 'free' | 'pro';
}

export interface SignInCredentials {
  email: string;
  password: string;
}

export interface RegistrationDetails extends SignInCredentials {
  username: string;
}

export interface AuthService {
  /** The session already established in this browser, if any (runs once at start). */
  restoreSession(): Promise<AuthUser | null>;
  signIn(credentials: SignInCredentials): Promise<AuthUser>;
  register(details: RegistrationDetails): Promise<AuthUser>;
  requestPasswordReset(email: string): Promise<void>;
  /** Completes a redirect sign-in on /auth/callback from the URL the provider returned to. */
  completeRedirect(url: string): Promise<AuthUser>;
  signOut(): Promise<void>;
}

/** Thrown while no identity service is configured. */
export class AuthUnavailableError extends Error {
  constructor() {
    super('Sign-in is not available yet');
    this.name = 'AuthUnavailableError';
  }
}

const unavailable = () => Promise.reject(new AuthUnavailableError());

/** The default: nobody can sign in, and there is no session to restore. */
export const unavailableAuthService: AuthService = {
  restoreSession: () => Promise.resolve(null),
  signIn: unavailable,
  register: unavailable,
  requestPasswordReset: unavailable,
  completeRedirect: unavailable,
  signOut: unavailable,
};
