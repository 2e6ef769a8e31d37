import type { AuthService, AuthUser, SignInProgress } from '../features/auth/authService';
import { unavailableAuthService } from '../features/auth/authService';
import { HttpFailure } from '../lib/api/errorText';

/**
 * Stand-ins for the auth service in tests and stories. They keep no hidden server: each double
 * answers from what it was given, so a story or test shows exactly the state it asks for.
 */

/** A user that satisfies the §3 UserProfile contract with the §9 preference defaults. */
export const sampleUser: AuthUser = {
  id: 'user-linh',
  userName: 'linh.nguyen',
  email: 'linh.nguyen@example.com',
  displayName: 'Linh Nguyen',
  authProvider: 'password',
  roles: ['user'],
  preferences: { language: 'en', currency: 'USD', theme: 'dark' },
  subscriptionTier: 'free',
  createdAt: '2025-01-15T09:30:00.000Z',
};

const noProgress: AuthService['onProgress'] = () => () => undefined;

/** Someone is already signed in when the app starts; everything else works as for acceptingAuthService. */
export function signedInAuthService(user: AuthUser = sampleUser): AuthService {
  return { ...acceptingAuthService(user), restoreSession: () => Promise.resolve(user) };
}

/**
 * Nobody is signed in, and every method resolves with any input: sign-in, registration, codes,
 * resets. The user it signs in carries the e-mail (and user name) that was typed.
 */
export function acceptingAuthService(user: AuthUser = sampleUser): AuthService {
  let current: AuthUser = user;
  const signedIn = (changes: Partial<AuthUser>) => {
    current = { ...user, ...changes };
    return Promise.resolve(current);
  };
  return {
    restoreSession: () => Promise.resolve(null),
    signIn: ({ email }) => signedIn({ email }),
    register: () => Promise.resolve(),
    confirmRegistration: (email) => signedIn({ email }),
    requestCode: () => Promise.resolve(),
    verifyCode: (email) => signedIn({ email, authProvider: 'email-code' }),
    requestPasswordReset: () => Promise.resolve(),
    completePasswordReset: () => Promise.resolve(),
    signInWithProvider: () => Promise.resolve(),
    reloadUser: () => Promise.resolve(current),
    signOut: () => Promise.resolve(),
    signOutEverywhere: () => Promise.resolve(),
    onProgress: noProgress,
  };
}

/** Auth never finishes initialising: the guard's spinner. */
export const initialisingAuthService: AuthService = {
  ...unavailableAuthService,
  restoreSession: () => new Promise<never>(() => undefined),
  onProgress: (listener) => {
    listener('startup');
    return () => undefined;
  },
};

/** What a failing double rejects with: the message the API would send, shown to users. */
export const sampleAuthFailure = 'Invalid email or password.';

/**
 * The failure the real service rejects with: the API client's error for a `{message}` body, so
 * the screens' errorText shows the server's words exactly as in the running app.
 */
export function apiFailure(message: string, status = 401): HttpFailure {
  return new HttpFailure({ status, data: { message } });
}

/**
 * Nobody is signed in and every call fails as the API would with `message` and `status`
 * (default: the login route's 401).
 */
export function failingAuthService(message: string = sampleAuthFailure, status = 401): AuthService {
  const fail = () => Promise.reject(apiFailure(message, status));
  return {
    restoreSession: () => Promise.resolve(null),
    signIn: fail,
    register: fail,
    confirmRegistration: fail,
    requestCode: fail,
    verifyCode: fail,
    requestPasswordReset: fail,
    completePasswordReset: fail,
    signInWithProvider: fail,
    reloadUser: fail,
    signOut: () => Promise.resolve(),
    signOutEverywhere: fail,
    onProgress: noProgress,
  };
}

/**
 * Shows one §4 progress state for good (e.g. 'login' while a redirect is on its way): stories of
 * the buttons' busy states.
 */
export function progressAuthService(
  progress: SignInProgress,
  user: AuthUser = sampleUser,
): AuthService {
  return {
    ...acceptingAuthService(user),
    onProgress: (listener) => {
      listener(progress);
      return () => undefined;
    },
  };
}
