import type { DomainHint, UserProfile } from '@studio/contracts';

/**
 * The auth context's view of sign-in (§1, §4, §7 Auth). Two ways in, one user:
 * - first-party: e-mail + password and e-mail one-time codes, answered by the API's /api/auth
 *   routes (access token in local storage, refresh token in an HttpOnly cookie);
 * - the external identity service through MSAL (Google, Microsoft, Apple by domain hint),
 *   loaded only when it is used.
 * Stories and tests swap the whole service for a double (src/mocks/auth.ts).
 */
export type AuthUser = UserProfile;

export interface SignInCredentials {
  email: string;
  password: string;
}

export interface RegistrationDetails extends SignInCredentials {
  username: string;
}

/** §4 sign-in progress: startup, then none; the others while an identity-service call runs. */
export const signInProgressStates = [
  'startup',
  'none',
  'login',
  'ssoSilent',
  'acquireToken',
  'handleRedirect',
  'logout',
] as const;
export type SignInProgress = (typeof signInProgressStates)[number];

export interface AuthService {
  /**
   * The session already established in this browser, if any: runs once at start, after any
   * redirect response has been handled. Null when nobody is signed in.
   */
  restoreSession(): Promise<AuthUser | null>;
  /** E-mail + password (POST /api/auth/login). */
  signIn(credentials: SignInCredentials): Promise<AuthUser>;
  /** Starts registration (POST /api/auth/register): a confirmation code goes to the address. */
  register(details: RegistrationDetails): Promise<void>;
  /** Finishes registration with the e-mailed code (POST /api/auth/register/confirm). */
  confirmRegistration(email: string, code: string): Promise<AuthUser>;
  /** §7 POST /api/auth/request-code. */
  requestCode(email: string): Promise<void>;
  /** §7 POST /api/auth/verify-code. */
  verifyCode(email: string, code: string): Promise<AuthUser>;
  /** Sends a reset link if the address has an account (POST /api/auth/request-password-reset). */
  requestPasswordReset(email: string): Promise<void>;
  /** §7 POST /api/auth/complete-reset-password. */
  completePasswordReset(token: string, newPassword: string): Promise<void>;
  /** Redirects to the external identity service with the domain hint; resolves only on failure. */
  signInWithProvider(hint: DomainHint): Promise<void>;
  /** Reads the profile again (after an edit). */
  reloadUser(): Promise<AuthUser>;
  /** Ends this browser's session (and the identity service's, by redirect, when it was used). */
  signOut(): Promise<void>;
  /** Ends every session of this user, this one included. */
  signOutEverywhere(): Promise<void>;
  /** §4 sign-in progress changes; returns the unsubscribe function. */
  onProgress(listener: (progress: SignInProgress) => void): () => void;
}

/**
 * The calls a user's action makes: every AuthService call but the start-up restore and the
 * progress subscription. The auth context offers each of them (useAuth), and the browser's
 * service runs them in the sign-in code it loads on first use (createAuthService).
 */
export const authActions = [
  'signIn',
  'register',
  'confirmRegistration',
  'requestCode',
  'verifyCode',
  'requestPasswordReset',
  'completePasswordReset',
  'signInWithProvider',
  'reloadUser',
  'signOut',
  'signOutEverywhere',
] as const satisfies readonly (keyof AuthService)[];
export type AuthAction = (typeof authActions)[number];
export type AuthActions = Pick<AuthService, AuthAction>;

/** The service's actions as functions of their own, each calling the service's. */
export function actionsOf(service: AuthService): AuthActions {
  // Each entry is the service's own method under its own name: the pair types hold by construction.
  return Object.fromEntries(
    authActions.map((name) => [name, service[name].bind(service)]),
  ) as AuthActions;
}

/** Thrown while no identity service is configured. */
export class AuthUnavailableError extends Error {
  constructor() {
    super('Sign-in is not available yet');
    this.name = 'AuthUnavailableError';
  }
}

/**
 * §8 start-up: the identity service's configuration is missing a client id, tenant, policy or
 * scope, or its authority is invalid. The app shows the error and keeps first-party sign-in.
 */
export class AuthConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super('Error: Application authentication configuration is invalid. Please contact support.');
    this.name = 'AuthConfigurationError';
  }
}

const unavailable = () => Promise.reject(new AuthUnavailableError());

/** Nobody can sign in, and there is no session to restore: tests that need no sign-in. */
export const unavailableAuthService: AuthService = {
  restoreSession: () => Promise.resolve(null),
  signIn: unavailable,
  register: unavailable,
  confirmRegistration: unavailable,
  requestCode: unavailable,
  verifyCode: unavailable,
  requestPasswordReset: unavailable,
  completePasswordReset: unavailable,
  signInWithProvider: unavailable,
  reloadUser: unavailable,
  signOut: () => Promise.resolve(),
  signOutEverywhere: unavailable,
  onProgress: () => () => undefined,
};
