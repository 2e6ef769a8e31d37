import { storedToken } from '../../../lib/api/session';
import { sessionStorageKeys, storageKeys } from '../../../lib/storage';
import { authActions, type AuthActions, type AuthService, type AuthUser } from '../authService';
import type { AuthSession, AuthSessionOptions } from './authSession';
import { createProgress } from './progress';

export type AuthServiceOptions = Omit<AuthSessionOptions, 'progress'>;

/** The app's auth service, plus the token provider the API clients await before each request. */
export interface BrowserAuthService extends AuthService {
  freshToken(): Promise<string | null>;
}

type LoadSession = () => Promise<{
  createAuthSession: (options: AuthSessionOptions) => AuthSession;
}>;

/**
 * The auth service main.tsx hands to the app. This part is in the first load, so it only knows
 * whether there is anything to restore; the sign-in code (HTTP client, schemas, token keeping)
 * loads on first use, and MSAL only when the external identity service is used.
 */
export function createAuthService(
  options: AuthServiceOptions,
  load: LoadSession = () => import('./authSession'),
): BrowserAuthService {
  const progress = createProgress();
  let session: Promise<AuthSession> | null = null;
  const loaded = () => {
    session ??= load().then(({ createAuthSession }) => createAuthSession({ ...options, progress }));
    return session;
  };
  // The actions only wait for the sign-in code, then run there.
  const later = Object.fromEntries(
    authActions.map((name) => [
      name,
      (...args: unknown[]) =>
        loaded().then((active) =>
          (active[name] as (...given: unknown[]) => Promise<unknown>)(...args),
        ),
    ]),
  ) as AuthActions;

  const nothingToRestore = () =>
    storedToken(options.store) === null &&
    options.store.get(storageKeys.account) === null &&
    options.sessionStore.get(sessionStorageKeys.signInPending) === null;

  // One restore at a time: StrictMode runs effects twice, and the second restore must not find
  // the redirect answer already taken and report "nobody" while the first completes it.
  let restoring: Promise<AuthUser | null> | null = null;
  const restore = async () => {
    try {
      return nothingToRestore() ? null : await (await loaded()).restoreSession();
    } finally {
      // §4: startup ends once the redirect answer (if any) has been handled.
      progress.set('none');
    }
  };

  return {
    restoreSession() {
      restoring ??= restore().finally(() => {
        restoring = null;
      });
      return restoring;
    },
    ...later,
    onProgress: (listener) => progress.subscribe(listener),
    // Before anything is loaded there is no session to renew: the stored token goes as it is.
    freshToken: () =>
      session
        ? session.then((active) => active.freshToken())
        : Promise.resolve(storedToken(options.store)),
  };
}
