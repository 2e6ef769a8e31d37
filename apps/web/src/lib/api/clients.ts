import { isPublicPath } from '../paths';
import { HttpFailure } from './errorText';
import { fetchWithUploadProgress } from './fetchWithUploadProgress';
import { clearStoredAuth, signalSignedOut, storedToken } from './session';
import { apiSettings, type ApiSettings } from './settings';

export { configureApi, type ApiSettings } from './settings';

/** §9: the two API timeouts. */
export const API_TIMEOUT_MS = 60_000;
export const COOKIE_API_TIMEOUT_MS = 120_000;

/** §6: 401s from the biometric credentials call never sign the user out. */
const BIOMETRIC_CREDENTIALS_PATH = '/api/webauthn/credentials';

/** §7: the CSRF cookie, and the header its value goes back in. */
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

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

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * The headers every API call sends, the streamed chat's included: the bearer token (renewed first
 * when it is about to expire, unless the call presents credentials itself), the interface
 * language and, to this origin only, the CSRF cookie's value, so it never leaks to another host.
 */
export async function apiHeaders(
  settings: ApiSettings,
  url: URL,
  { credentialsCall = false }: { credentialsCall?: boolean } = {},
): Promise<Headers> {
  const headers = new Headers({ 'Accept-Language': settings.language() });
  const token =
    settings.freshToken && !credentialsCall
      ? await settings.freshToken()
      : storedToken(settings.store);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (url.origin === window.location.origin) {
    const csrf = readCookie(XSRF_COOKIE);
    if (csrf) headers.set(XSRF_HEADER, csrf);
  }
  return headers;
}

export interface ApiCallOptions {
  /** Cancels the call: it rejects with the signal's reason (an AbortError), as fetch does. */
  signal?: AbortSignal;
  /** The query string; null and undefined values are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** A success read as a Blob or bytes; by default as JSON (else text). Failures always are. */
  responseType?: 'blob' | 'arraybuffer';
  /**
   * A call that presents credentials itself (password, code, the refresh cookie): no token is
   * renewed before it (renewing is such a call), and its 401 is the answer to those
   * credentials, for the caller to handle, not the end of the session.
   */
  credentialsCall?: boolean;
  /** 0–1 as the body's bytes leave (an upload). */
  onUploadProgress?: (fraction: number) => void;
  /** Headers of the call's own, set after the usual ones (a visitor's key on the image tools). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/**
 * One of the two API clients: a call resolves with the answer to a 2xx and rejects with an
 * HttpFailure otherwise (errorText explains it). `T` is what the caller expects; it is not
 * checked, which is what the contracts' schemas are for.
 */
export interface ApiClient {
  readonly options: ClientOptions;
  get<T = unknown>(url: string, options?: ApiCallOptions): Promise<ApiResponse<T>>;
  delete<T = unknown>(
    url: string,
    options?: ApiCallOptions & { data?: unknown },
  ): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, body?: unknown, options?: ApiCallOptions): Promise<ApiResponse<T>>;
  put<T = unknown>(url: string, body?: unknown, options?: ApiCallOptions): Promise<ApiResponse<T>>;
  patch<T = unknown>(
    url: string,
    body?: unknown,
    options?: ApiCallOptions,
  ): Promise<ApiResponse<T>>;
}

export interface ClientOptions {
  withCredentials: boolean;
  timeout: number;
}

const isAbsolute = (url: string) => /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url);

/** The address of a call: the API base URL (runtime config, §7) before a relative path. */
function callUrl(base: string, url: string, params: ApiCallOptions['params']): URL {
  const joined =
    isAbsolute(url) || !base ? url : `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
  const target = new URL(joined, window.location.href);
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined) target.searchParams.append(name, String(value));
  }
  return target;
}

/** JSON goes as JSON; form data (an upload) as it is, the browser writing its content type. */
function requestBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (body instanceof FormData) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** A body as asked for; JSON that does not parse, and every non-JSON answer, is its text. */
async function readBody(
  response: Response,
  type: ApiCallOptions['responseType'],
): Promise<unknown> {
  if (type === 'blob') return response.blob();
  if (type === 'arraybuffer') return response.arrayBuffer();
  const text = await response.text();
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(
  options: ClientOptions,
  settings: ApiSettings = apiSettings,
): ApiClient {
  const { withCredentials, timeout } = options;

  async function call<T>(
    method: string,
    url: string,
    body: unknown,
    {
      signal,
      params,
      responseType,
      credentialsCall = false,
      onUploadProgress,
      headers: extraHeaders,
    }: ApiCallOptions = {},
  ): Promise<ApiResponse<T>> {
    const target = callUrl(await settings.baseUrl(), url, params);
    const headers = await apiHeaders(settings, target, { credentialsCall });
    headers.set('Accept', 'application/json');
    for (const [name, value] of Object.entries(extraHeaders ?? {})) headers.set(name, value);
    const init = {
      method,
      headers,
      body: requestBody(body, headers),
      // §7: same-origin cookies always go (as with XMLHttpRequest); the cookie client's go to
      // the API on another origin too.
      credentials: withCredentials ? 'include' : 'same-origin',
    } satisfies RequestInit;

    // The timeout runs until the whole answer is read; the caller's signal aborts the call too.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const forwardAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) forwardAbort();
    signal?.addEventListener('abort', forwardAbort);
    try {
      const request = { ...init, signal: controller.signal };
      const response = await (onUploadProgress
        ? fetchWithUploadProgress(target, request, onUploadProgress)
        : fetch(target, request));
      if (!response.ok) {
        const data = await readBody(response, undefined);
        if (response.status === 401 && !credentialsCall) handleUnauthorized(settings, url);
        throw new HttpFailure({ status: response.status, data });
      }
      const data = (await readBody(response, responseType)) as T;
      return { data, status: response.status, headers: response.headers };
    } catch (error) {
      if (error instanceof HttpFailure) throw error;
      if (timedOut) throw new HttpFailure('timeout', { cause: error });
      if (signal?.aborted) throw error;
      throw new HttpFailure('network', { cause: error });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  return {
    options,
    get: (url, callOptions) => call('GET', url, undefined, callOptions),
    delete: (url, { data, ...callOptions } = {}) => call('DELETE', url, data, callOptions),
    post: (url, body, callOptions) => call('POST', url, body, callOptions),
    put: (url, body, callOptions) => call('PUT', url, body, callOptions),
    patch: (url, body, callOptions) => call('PATCH', url, body, callOptions),
  };
}

/** §7: sends no cookies to another origin; 60 s. For public reads such as a shared conversation. */
export const apiClient = createApiClient({ withCredentials: false, timeout: API_TIMEOUT_MS });

/** §7: sends cookies (and so the CSRF header); 120 s. For forms and the signed-in session. */
export const cookieClient = createApiClient({
  withCredentials: true,
  timeout: COOKIE_API_TIMEOUT_MS,
});
