import type { AuthService, AuthUser } from '../features/auth/authService';
import { unavailableAuthService } from '../features/auth/authService';

/** Stand-ins for the identity service in tests and stories (the real one arrives with sign-in). */
export const sampleUser: AuthUser = {
  id: 'user-linh',
  userName: 'linh.nguyen',
  email: 'linh.nguyen@example.com',
  displayName: 'Linh Nguyen',
  roles: ['user'],
  subscriptionTier: 'free',
};

/** Someone is already signed in when the app starts. */
export function signedInAuthService(user: AuthUser = sampleUser): AuthService {
  return {
    ...unavailableAuthService,
    restoreSession: () => Promise.resolve(user),
    signOut: () => Promise.resolve(),
  };
}

/** Nobody is signed in, and signing in with any e-mail and password works. */
export function acceptingAuthService(user: AuthUser = sampleUser): AuthService {
  return {
    ...unavailableAuthService,
    signIn: ({ email }) => Promise.resolve({ ...user, email }),
    register: ({ username, email }) =>
      Promise.resolve({ ...user, userName: username, displayName: username, email }),
    requestPasswordReset: () => Promise.resolve(),
  };
}

/** Auth never finishes initialising: the guard's spinner. */
export const initialisingAuthService: AuthService = {
  ...unavailableAuthService,
  restoreSession: () => new Promise<never>(() => undefined),
};
