import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createSandboxIdentityProvider,
  type SandboxIdentityProvider,
  type SandboxIdentityProviderOptions,
} from '../../src/index.ts';

/**
 * Drives the sandbox provider the way a browser and MSAL would: over real HTTP on loopback,
 * with redirects followed and cookies carried by hand.
 */

export const clientId = 'studio-web';
/** The SPA's origin: only ever seen in redirects, never contacted. */
export const appOrigin = 'http://127.0.0.1:5999';
export const redirectUri = `${appOrigin}/auth/callback`;
export const postLogoutRedirectUri = `${appOrigin}/auth/signout-callback`;
export const audience = `${appOrigin}/api`;
export const apiScope = 'api.access';

export interface RunningProvider {
  provider: SandboxIdentityProvider;
  issuer: string;
  close(): Promise<void>;
}

/** The provider on an ephemeral loopback port, mounted under /sandbox/oidc as the API does. */
export async function startProvider(
  overrides: Partial<SandboxIdentityProviderOptions> = {},
): Promise<RunningProvider> {
  // The issuer names the port, so the server listens before the provider exists.
  const slot: { provider?: SandboxIdentityProvider } = {};
  const server = createServer((req, res) => {
    if (slot.provider) slot.provider.handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const running = await createSandboxIdentityProvider({
    issuer: `http://127.0.0.1:${port}/sandbox/oidc`,
    clientId,
    redirectUris: [redirectUri],
    postLogoutRedirectUris: [postLogoutRedirectUri, `${appOrigin}/`],
    corsOrigins: [appOrigin],
    audience,
    scope: apiScope,
    ...overrides,
  });
  slot.provider = running;
  return {
    provider: running,
    issuer: running.issuer,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      running.close();
    },
  };
}

/** A browser's cookie store, reduced to what the provider needs (one host, no expiry clock). */
export class Browser {
  readonly #cookies = new Map<string, string>();
  readonly #headers: Record<string, string>;

  constructor(headers: Record<string, string> = {}) {
    this.#headers = headers;
  }

  get cookieNames(): string[] {
    return [...this.#cookies.keys()];
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.#headers)) {
      if (!headers.has(name)) headers.set(name, value);
    }
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      const expired = attributes.some((attribute) => /expires=.*1970/i.test(attribute));
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return response;
  }

  /**
   * Follows redirects until a page answers or the provider sends the browser back to the app
   * (which is not running): `url` is then the app URL and `response` null.
   */
  async navigate(
    url: string,
    init: RequestInit = {},
  ): Promise<{ url: string; response: Response | null }> {
    let current = url;
    let response = await this.fetch(current, init);
    for (let hops = 0; hops < 10; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) {
        return { url: current, response };
      }
      current = new URL(location, current).href;
      if (new URL(current).origin === appOrigin) return { url: current, response: null };
      response = await this.fetch(current);
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Posts a urlencoded form and follows where it leads. */
  submit(url: string, fields: Record<string, string>) {
    return this.navigate(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export interface AuthorizationRequest {
  url: string;
  verifier: string;
  state: string;
  nonce: string;
}

/** An authorization request as MSAL sends it; `undefined` in `params` leaves a parameter out. */
export function authorizationRequest(
  issuer: string,
  params: Record<string, string | undefined> = {},
): AuthorizationRequest {
  const { verifier, challenge } = pkce();
  const state = randomBytes(8).toString('hex');
  const nonce = randomBytes(8).toString('hex');
  const all: Record<string, string | undefined> = {
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: `openid profile email ${apiScope}`,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...params,
  };
  const query = new URLSearchParams(
    Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return { url: `${issuer}/auth?${query.toString()}`, verifier, state, nonce };
}

function decodeHtml(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The value of the `<input name=…>` on a page, or undefined. */
export function inputValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  const value = input && /\bvalue="([^"]*)"/.exec(input)?.[1];
  return value === undefined ? undefined : decodeHtml(value);
}

export function formAction(html: string, index = 0): string {
  const actions = [...html.matchAll(/<form[^>]*\baction="([^"]*)"/g)].map((m) => m[1] ?? '');
  const action = actions[index];
  if (action === undefined) throw new Error('no form on the page');
  return decodeHtml(action);
}

export interface SignInResult {
  /** Where the provider sent the browser back to the app. */
  callback: URL;
  request: AuthorizationRequest;
}

/**
 * The whole front channel: the authorization request, the sign-in page (prefilled values, or
 * `email`/`name` typed over them), Continue, and back to the app with a code.
 */
export async function signIn(
  browser: Browser,
  issuer: string,
  options: {
    params?: Record<string, string | undefined>;
    choose?: string;
    email?: string;
    name?: string;
  } = {},
): Promise<SignInResult> {
  const request = authorizationRequest(issuer, options.params);
  let page = await browser.navigate(request.url);
  if (!page.response || page.response.status !== 200) {
    throw new Error(`expected the sign-in page, got ${page.response?.status ?? page.url}`);
  }
  let html = await page.response.text();
  // No domain hint: the chooser, which the visitor answers like its GET form does.
  if (inputValue(html, 'email') === undefined) {
    page = await browser.navigate(`${page.url}?hint=${options.choose ?? 'google'}`);
    html = (await page.response?.text()) ?? '';
  }
  const action = new URL(formAction(html), page.url).href;
  const done = await browser.submit(action, {
    hint: inputValue(html, 'hint') ?? '',
    email: options.email ?? inputValue(html, 'email') ?? '',
    name: options.name ?? inputValue(html, 'name') ?? '',
    action: 'continue',
  });
  if (done.response) throw new Error(`sign-in did not return to the app (${done.response.status})`);
  return { callback: new URL(done.url), request };
}

export async function tokenRequest(
  issuer: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(params).toString(),
  });
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body, headers: response.headers };
}

export function redeemCode(issuer: string, code: string, verifier: string) {
  return tokenRequest(issuer, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
    code_verifier: verifier,
  });
}

export function refresh(issuer: string, refreshToken: string) {
  return tokenRequest(issuer, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: clientId,
  });
}

export function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string') throw new Error(`${name} missing in ${JSON.stringify(body)}`);
  return value;
}
