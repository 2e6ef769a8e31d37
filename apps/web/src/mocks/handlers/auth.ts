import {
  completeResetPasswordRequest,
  confirmRegistrationRequest,
  loginRequest,
  newPasswordMinLength,
  registerRequest,
  requestCodeRequest,
  requestPasswordResetRequest,
  verifyCodeRequest,
  type AcceptedResponse,
  type ErrorResponse,
  type SessionListResponse,
  type SessionResponse,
  type SessionSummary,
  type UserProfile,
} from '@studio/contracts';
import { delay, http, HttpResponse } from 'msw';
import type { z } from 'zod';
import { sampleUser } from '../auth';

/**
 * The API's first-party sign-in routes (/api/auth/*) as MSW handlers: validated with the same
 * contracts as the API, answering with its exact messages. Each export is a named variant;
 * `defaultAuthHandlers` is the happy path (nobody signed in yet; the right code and reset token
 * work, anything else is refused).
 */

/** The one-time code the handlers accept (the "e-mail" a story or a developer would read). */
export const sampleCode = '123456';
/** The reset token the handlers accept in /reset-password#token=…. */
export const sampleResetToken = 'sample-reset-token-4f9c';

const validationFailed = 'Validation error. Please check your input.';
const invalidCredentials = 'Invalid email or password.';
const invalidCode = 'Invalid code';
const invalidResetLink = 'This reset link is invalid or has expired.';
const passwordTooShort = `Password must be at least ${newPasswordMinLength} characters`;
const passwordTooCommon = 'This password is too common. Choose another one.';
const unauthorized = 'Authentication required. Please log in.';
const tooManyRequests = 'Too many requests. Please try again later.';
const serverError = 'Server error. Please try again later.';

/** A few of the passwords the API refuses as too common. */
const commonPasswords = new Set([
  'password',
  'password123',
  'password123456',
  '12345678',
  'qwerty123',
]);

const accessTokenSeconds = 900;

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * An access token shaped like the API's (header.payload.signature, typ at+jwt, 15 minutes), so
 * the SPA can read its expiry; the signature is not real and no server would accept it.
 */
export function mockAccessToken(subject: string, expiresIn = accessTokenSeconds): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64Url(JSON.stringify({ alg: 'EdDSA', typ: 'at+jwt' }));
  const payload = base64Url(
    JSON.stringify({ sub: subject, sid: 'session-current', iat: now, exp: now + expiresIn }),
  );
  return `${header}.${payload}.mock-signature`;
}

export function sessionFor(user: UserProfile): SessionResponse {
  return {
    accessToken: mockAccessToken(user.id),
    expiresIn: accessTokenSeconds,
    tokenType: 'Bearer',
    user,
  };
}

/** The user a sign-in with this address gets: the sample user, under the typed address. */
function userFor(email: string, changes: Partial<UserProfile> = {}): UserProfile {
  return { ...sampleUser, email, ...changes };
}

function invalid(error: z.ZodError) {
  return HttpResponse.json<ErrorResponse>(
    { message: validationFailed, errors: error.issues.map((issue) => issue.message) },
    { status: 400 },
  );
}

const failWith = (message: string, status: number) =>
  HttpResponse.json<ErrorResponse>({ message }, { status });

/** The API's refusal of a weak new password, or null when it would take it. */
function passwordProblem(password: string): string | null {
  if (password.length < newPasswordMinLength) return passwordTooShort;
  if (commonPasswords.has(password.toLowerCase())) return passwordTooCommon;
  return null;
}

/** Never answers: the busy state of whatever asked. */
async function forever(): Promise<never> {
  await delay('infinite');
  throw new Error('unreachable');
}

const paths = {
  login: '*/api/auth/login',
  register: '*/api/auth/register',
  confirmRegistration: '*/api/auth/register/confirm',
  requestCode: '*/api/auth/request-code',
  verifyCode: '*/api/auth/verify-code',
  requestPasswordReset: '*/api/auth/request-password-reset',
  completeResetPassword: '*/api/auth/complete-reset-password',
  refresh: '*/api/auth/refresh',
  logout: '*/api/auth/logout',
  sessions: '*/api/auth/sessions',
  session: '*/api/auth/sessions/:id',
  signOutEverywhere: '*/api/auth/signout-everywhere',
} as const;

type Reply = SessionResponse | AcceptedResponse | ErrorResponse;

/** Three sign-ins of the sample user: this browser, a phone, an old laptop. */
export const sampleSessions: SessionSummary[] = [
  {
    id: 'session-current',
    createdAt: '2026-11-20T08:10:00.000Z',
    lastUsedAt: '2026-11-21T09:30:00.000Z',
    expiresAt: '2026-12-20T08:10:00.000Z',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    method: 'password',
    current: true,
  },
  {
    id: 'session-phone',
    createdAt: '2026-11-12T19:45:00.000Z',
    lastUsedAt: '2026-11-21T07:05:00.000Z',
    expiresAt: '2026-12-12T19:45:00.000Z',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    method: 'email-code',
    current: false,
  },
  {
    id: 'session-laptop',
    createdAt: '2026-10-30T14:20:00.000Z',
    lastUsedAt: '2026-11-02T16:40:00.000Z',
    expiresAt: '2026-11-29T14:20:00.000Z',
    userAgent: null,
    method: 'password',
    current: false,
  },
];

export const authHandlers = {
  /** Any valid e-mail and password signs in as the sample user. */
  login: http.post<never, z.input<typeof loginRequest>, Reply>(paths.login, async ({ request }) => {
    const body = loginRequest.safeParse(await request.json());
    if (!body.success) return invalid(body.error);
    return HttpResponse.json(sessionFor(userFor(body.data.email)));
  }),
  /** The same 401 for an unknown address and a wrong password (no enumeration). */
  loginInvalid: http.post(paths.login, () => failWith(invalidCredentials, 401)),
  loginRateLimited: http.post(paths.login, () => failWith(tooManyRequests, 429)),
  loginPending: http.post(paths.login, forever),

  /** 202 for any address, new or known; weak passwords are refused with the API's words. */
  register: http.post<never, z.input<typeof registerRequest>, Reply>(
    paths.register,
    async ({ request }) => {
      const body = registerRequest.safeParse(await request.json());
      if (!body.success) return invalid(body.error);
      const problem = passwordProblem(body.data.password);
      if (problem) return failWith(problem, 400);
      return HttpResponse.json(
        { message: 'Check your inbox: we sent a code to finish creating your account.' },
        { status: 202 },
      );
    },
  ),
  registerTooCommon: http.post(paths.register, () => failWith(passwordTooCommon, 400)),
  registerPending: http.post(paths.register, forever),

  /** The sample code confirms the address and signs in; any other code is refused. */
  confirmRegistration: http.post<never, z.input<typeof confirmRegistrationRequest>, Reply>(
    paths.confirmRegistration,
    async ({ request }) => {
      const body = confirmRegistrationRequest.safeParse(await request.json());
      if (!body.success) return invalid(body.error);
      if (body.data.code !== sampleCode) return failWith(invalidCode, 401);
      return HttpResponse.json(sessionFor(userFor(body.data.email)));
    },
  ),

  requestCode: http.post<never, z.input<typeof requestCodeRequest>, Reply>(
    paths.requestCode,
    async ({ request }) => {
      const body = requestCodeRequest.safeParse(await request.json());
      if (!body.success) return invalid(body.error);
      return HttpResponse.json(
        { message: 'If the address can sign in, a code is on its way.' },
        { status: 202 },
      );
    },
  ),
  /** A failure without words of its own: the screen says 'Failed to send code'. */
  requestCodeFailure: http.post(paths.requestCode, () => new HttpResponse(null, { status: 500 })),
  requestCodeRateLimited: http.post(paths.requestCode, () => failWith(tooManyRequests, 429)),
  requestCodePending: http.post(paths.requestCode, forever),

  /** The sample code signs in (creating the account on first use); any other is refused. */
  verifyCode: http.post<never, z.input<typeof verifyCodeRequest>, Reply>(
    paths.verifyCode,
    async ({ request }) => {
      const body = verifyCodeRequest.safeParse(await request.json());
      if (!body.success) return invalid(body.error);
      if (body.data.code !== sampleCode) return failWith(invalidCode, 401);
      return HttpResponse.json(
        sessionFor(userFor(body.data.email, { authProvider: 'email-code' })),
      );
    },
  ),
  verifyCodePending: http.post(paths.verifyCode, forever),

  requestPasswordReset: http.post<never, z.input<typeof requestPasswordResetRequest>, Reply>(
    paths.requestPasswordReset,
    async ({ request }) => {
      const body = requestPasswordResetRequest.safeParse(await request.json());
      if (!body.success) return invalid(body.error);
      return HttpResponse.json(
        { message: 'If the address has an account, a reset link is on its way.' },
        { status: 202 },
      );
    },
  ),
  requestPasswordResetFailure: http.post(paths.requestPasswordReset, () =>
    failWith(serverError, 500),
  ),

  /** The sample token works once the new password passes the API's rules. */
  completeResetPassword: http.post<never, z.input<typeof completeResetPasswordRequest>, Reply>(
    paths.completeResetPassword,
    async ({ request }) => {
      const body = completeResetPasswordRequest.safeParse(await request.json());
      if (!body.success) return invalid(body.error);
      if (body.data.token !== sampleResetToken) return failWith(invalidResetLink, 400);
      const problem = passwordProblem(body.data.newPassword);
      if (problem) return failWith(problem, 400);
      return HttpResponse.json({ message: 'Your password has been changed.' });
    },
  ),
  completeResetPasswordInvalid: http.post(paths.completeResetPassword, () =>
    failWith(invalidResetLink, 400),
  ),

  /** No refresh cookie: nobody is signed in. */
  refresh: http.post(paths.refresh, () => failWith(unauthorized, 401)),
  /** The refresh cookie belongs to the sample user: a new access token. */
  refreshSignedIn: http.post<never, never, SessionResponse>(paths.refresh, () =>
    HttpResponse.json(sessionFor(sampleUser)),
  ),
  logout: http.post(paths.logout, () => new HttpResponse(null, { status: 204 })),

  sessions: http.get<never, never, SessionListResponse>(paths.sessions, () =>
    HttpResponse.json({ sessions: sampleSessions }),
  ),
  /** Signed in only through Microsoft, Google or Apple: no first-party sessions. */
  sessionsEmpty: http.get<never, never, SessionListResponse>(paths.sessions, () =>
    HttpResponse.json({ sessions: [] }),
  ),
  sessionsFailure: http.get(paths.sessions, () => failWith(serverError, 500)),
  sessionsPending: http.get(paths.sessions, forever),

  /** Signs out one of the sample sessions; 404 for any other id, as for someone else's. */
  revokeSession: http.delete<{ id: string }, never, ErrorResponse>(paths.session, ({ params }) =>
    sampleSessions.some((session) => session.id === params.id)
      ? new HttpResponse(null, { status: 204 })
      : failWith('The requested resource was not found.', 404),
  ),
  revokeSessionFailure: http.delete(paths.session, () => failWith(serverError, 500)),

  signOutEverywhere: http.post(
    paths.signOutEverywhere,
    () => new HttpResponse(null, { status: 204 }),
  ),
  signOutEverywhereFailure: http.post(paths.signOutEverywhere, () => failWith(serverError, 500)),
};

/** The happy path of every /api/auth route. */
export const defaultAuthHandlers = [
  authHandlers.login,
  authHandlers.register,
  authHandlers.confirmRegistration,
  authHandlers.requestCode,
  authHandlers.verifyCode,
  authHandlers.requestPasswordReset,
  authHandlers.completeResetPassword,
  authHandlers.refresh,
  authHandlers.logout,
  authHandlers.sessions,
  authHandlers.revokeSession,
  authHandlers.signOutEverywhere,
];
