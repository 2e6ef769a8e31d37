import { type SessionResponse, sessionResponse } from '@studio/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { createOutboxRepository, type OutboxMail } from '../../src/mail/outbox.repository.ts';

/** The system clock plus an offset the test moves forward: the app's `now`. */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
    reset() {
      offsetMs = 0;
    },
  };
}
export type TestClock = ReturnType<typeof testClock>;

export const minutes = (count: number) => count * 60_000;
export const days = (count: number) => count * 86_400_000;

/** Sign-in suites make many requests from one address; only the rate-limit tests keep 10. */
export const relaxedAuthLimits = { RATE_LIMIT_AUTH_MAX: '100000' };

export const refreshCookie = 'studio-refresh';

/** What a browser would hold: the cookies set so far. */
export class CookieJar {
  readonly jar = new Map<string, string>();

  /** The cookies as a plain object (what `inject` takes). */
  get cookies(): Record<string, string> {
    return Object.fromEntries(this.jar);
  }

  set(name: string, value: string): void {
    this.jar.set(name, value);
  }

  take(response: LightMyRequestResponse): this {
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        (cookie.expires !== undefined && new Date(cookie.expires).getTime() <= Date.now()) ||
        cookie.maxAge === 0;
      if (expired) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return this;
  }

  /** Cookies plus the X-XSRF-TOKEN header echoing the XSRF cookie, as the SPA sends them. */
  request(): { cookies: Record<string, string>; headers: Record<string, string> } {
    const xsrf = this.cookies['XSRF-TOKEN'];
    return {
      cookies: this.cookies,
      headers: xsrf === undefined ? {} : { 'x-xsrf-token': xsrf },
    };
  }
}

interface RequestOptions {
  jar?: CookieJar;
  bearer?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

function requestParts({ jar, bearer, headers = {}, remoteAddress }: RequestOptions) {
  const fromJar = jar?.request() ?? { cookies: {}, headers: {} };
  return {
    cookies: fromJar.cookies,
    headers: {
      ...fromJar.headers,
      ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
      ...headers,
    },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  };
}

/** A JSON request the way the SPA makes it (cookies, XSRF header, bearer token). */
export async function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method,
    url,
    ...requestParts(options),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  options.jar?.take(response);
  return response;
}

/** Waits until the work after the answers (preparing mail) and every queued job have finished. */
export async function backgroundWorkDone(app: App): Promise<void> {
  await app.accounts.background.idle();
  await app.jobs.idle();
}

/** All mail sent to an address, newest first, once the background work has finished. */
export async function mailTo(app: App, to: string): Promise<OutboxMail[]> {
  await backgroundWorkDone(app);
  return createOutboxRepository(app.db).listRecent({ to, limit: 50 });
}

export function codeIn(mail: OutboxMail | undefined): string {
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in ${mail?.subject ?? 'the mailbox'}`);
  return code;
}

export async function latestCode(app: App, to: string): Promise<string> {
  const [latest] = await mailTo(app, to);
  return codeIn(latest);
}

export function expectSession(response: LightMyRequestResponse): SessionResponse {
  expect(response.statusCode, response.body).toBe(200);
  return sessionResponse.parse(response.json());
}

/** Registers and confirms an account; returns the session and a jar holding its cookies. */
export async function registerAccount(
  app: App,
  {
    email,
    password,
    username = 'newcomer',
  }: { email: string; password: string; username?: string },
  options: RequestOptions = {},
) {
  const jar = options.jar ?? new CookieJar();
  const started = await call(
    app,
    'POST',
    '/api/auth/register',
    { username, email, password },
    {
      ...options,
      jar,
    },
  );
  expect(started.statusCode, started.body).toBe(202);
  const code = await latestCode(app, email);
  const confirmed = await call(
    app,
    'POST',
    '/api/auth/register/confirm',
    { email, code },
    {
      ...options,
      jar,
    },
  );
  return { session: expectSession(confirmed), jar };
}

/** Signs in with an e-mailed code (creating the account on first use). */
export async function signInWithCode(app: App, email: string, options: RequestOptions = {}) {
  const jar = options.jar ?? new CookieJar();
  const requested = await call(
    app,
    'POST',
    '/api/auth/request-code',
    { email },
    { ...options, jar },
  );
  expect(requested.statusCode, requested.body).toBe(202);
  const code = await latestCode(app, email);
  const verified = await call(
    app,
    'POST',
    '/api/auth/verify-code',
    { email, code },
    {
      ...options,
      jar,
    },
  );
  return { session: expectSession(verified), jar };
}

export async function login(
  app: App,
  email: string,
  password: string,
  options: RequestOptions = {},
) {
  const jar = options.jar ?? new CookieJar();
  const response = await call(
    app,
    'POST',
    '/api/auth/login',
    { email, password },
    {
      ...options,
      jar,
    },
  );
  return { response, jar };
}

let counter = 0;
/** A fresh address per test, so per-address limits never leak between tests. */
export function uniqueEmail(label = 'person'): string {
  counter += 1;
  return `${label}.${process.pid}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}
