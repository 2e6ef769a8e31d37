import axios, { type AxiosInstance } from 'axios';
import { isPublicPath } from '../paths';
import { isHttpFailure } from './errorText';
import { clearStoredAuth, signalSignedOut, storedToken } from './session';
import { apiSettings, type ApiSettings } from './settings';

export { configureApi, type ApiSettings } from './settings';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * A call that presents credentials itself (password, code, the refresh cookie): no token is
     * renewed before it (renewing is such a call), and its 401 is the answer to those
     * credentials, for the caller to handle, not the end of the session.
     */
    credentialsCall?: boolean;
  }
}

/** §9: the two API timeouts. */
export const API_TIMEOUT_MS = 60_000;
export const COOKIE_API_TIMEOUT_MS = 120_000;

/** §6: 401s from the biometric credentials call never sign the user out. */
const BIOMETRIC_CREDENTIALS_PATH = '/api/webauthn/credentials';

function requestPath(url: string | undefined): string {
  try {
    return new URL(url ?? '', 'http://relative.invalid').pathname;
  } catch {
    return url ?? '';
  }
}

/**
 * §6: a 401 outside the public paths ends the session: the stored token and account are cleared,
 * logout is signalled and the visitor goes to /login. The error still reaches the caller.
 */
export function handleUnauthorized(settings: ApiSettings, url: string | undefined): void {
  if (requestPath(url).startsWith(BIOMETRIC_CREDENTIALS_PATH)) return;
  const from = settings.currentPath();
  if (isPublicPath(from)) return;
  clearStoredAuth(settings.store);
  signalSignedOut();
  settings.redirectToLogin(from);
}

export interface ClientOptions {
  withCredentials: boolean;
  timeout: number;
}

export function createApiClient(
  { withCredentials, timeout }: ClientOptions,
  settings: ApiSettings = apiSettings,
): AxiosInstance {
  const client = axios.create({
    withCredentials,
    timeout,
    headers: { Accept: 'application/json' },
    // §7: the CSRF cookie and header. Axios only copies the cookie into the header for requests
    // to this origin, so the token never leaks to another host.
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
  });

  client.interceptors.request.use(async (config) => {
    config.baseURL ??= await settings.baseUrl();
    const token =
      settings.freshToken && !config.credentialsCall
        ? await settings.freshToken()
        : storedToken(settings.store);
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set('Accept-Language', settings.language());
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    if (isHttpFailure(error) && error.response?.status === 401 && !error.config?.credentialsCall) {
      handleUnauthorized(settings, error.config?.url);
    }
    return Promise.reject(error);
  });

  return client;
}

/** §7: sends no cookies; 60 s. For public reads such as a shared conversation. */
export const apiClient = createApiClient({ withCredentials: false, timeout: API_TIMEOUT_MS });

/** §7: sends cookies (and so the CSRF header); 120 s. For forms and the signed-in session. */
export const cookieClient = createApiClient({
  withCredentials: true,
  timeout: COOKIE_API_TIMEOUT_MS,
});
