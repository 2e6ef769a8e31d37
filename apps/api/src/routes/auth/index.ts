import {
  acceptedResponse,
  completeResetPasswordRequest,
  confirmRegistrationRequest,
  errorResponse,
  loginRequest,
  registerRequest,
  requestCodeRequest,
  requestPasswordResetRequest,
  sessionListResponse,
  sessionResponse,
  verifyCodeRequest,
} from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptedTexts } from '../../domains/auth/auth.service.ts';
import { parseRefreshCookie, refreshCookieName } from '../../domains/auth/refresh-cookie.ts';
import {
  errorTexts,
  HttpError,
  readErrorResponses,
  writeErrorResponses,
} from '../../http/errors.ts';
import { signedIn } from '../../plugins/app/auth.ts';
import { handleRetryableErrors } from './error-handler.ts';
import { requestContext } from './request-context.ts';
import { clearSession, sendSession } from './session-cookies.ts';

const unauthorized = errorResponse.describe(
  'Missing, invalid, expired or revoked credentials (WWW-Authenticate says which for bearer tokens)',
);
const busy = errorResponse.describe(
  'Too many passwords are being checked right now; Retry-After says when to try again',
);
const throttled = errorResponse.describe(
  'Too many requests from this address, or for this e-mail; Retry-After says when to try again',
);
const noContent = z.null().describe('Done; nothing to return');
const signInResponses = {
  ...writeErrorResponses,
  200: sessionResponse.describe(
    'Signed in: the access token and the profile; the refresh token is set as an HttpOnly cookie',
  ),
  429: throttled,
};

/**
 * First-party sign-in (§7 Auth; common brief). Every POST that carries cookies needs the XSRF
 * header (csrf plugin). Answers never say whether an address has an account.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, accounts } = app;
  const { auth, sessions } = accounts;
  // Fails closed when Redis fails (see plugins/external/rate-limit.ts).
  const perIp = app.rateLimits.auth;
  handleRetryableErrors(app);

  const refreshCookieOf = (cookies: Record<string, string | undefined>) =>
    parseRefreshCookie(cookies[refreshCookieName(config.isHttps)]);

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'Unknown address and wrong password get the same 401. Limited per client IP, and softly per account (5 failures in 15 minutes: 429 for that account until the window ends).',
        body: loginRequest,
        response: {
          ...signInResponses,
          401: unauthorized.describe("'Invalid email or password.'"),
          503: busy,
        },
      },
      config: { rateLimit: perIp },
    },
    async (request, reply) =>
      sendSession(reply, config, await auth.login(request.body, requestContext(request))),
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start a registration: a code to confirm the address is e-mailed',
        description:
          'Always 202 with the same message, whether or not the address has an account (its owner is told by e-mail instead). 400 when the password is too short or too common.',
        body: registerRequest,
        response: { ...writeErrorResponses, 202: acceptedResponse, 429: throttled, 503: busy },
      },
      config: { rateLimit: perIp },
    },
    async (request, reply) => {
      await auth.register(request.body, requestContext(request));
      return reply.code(202).send({ message: acceptedTexts.register });
    },
  );

  app.post(
    '/auth/register/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a registration with the e-mailed code; signs in',
        body: confirmRegistrationRequest,
        response: { ...signInResponses, 401: unauthorized.describe("'Invalid code'") },
      },
      config: { rateLimit: perIp },
    },
    async (request, reply) =>
      sendSession(
        reply,
        config,
        await auth.confirmRegistration(request.body, requestContext(request)),
      ),
  );

  app.post(
    '/auth/request-code',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a 6-digit sign-in code (§7)',
        description:
          'Always 202 with the same message. The code lives 10 minutes, works once, and dies after 5 wrong tries; a new request replaces it. Limited per client IP and per address (3 in 10 minutes).',
        body: requestCodeRequest,
        response: { ...writeErrorResponses, 202: acceptedResponse, 429: throttled },
      },
      config: { rateLimit: perIp },
    },
    async (request, reply) => {
      await auth.requestCode(request.body.email, requestContext(request));
      return reply.code(202).send({ message: acceptedTexts.requestCode });
    },
  );

  app.post(
    '/auth/verify-code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the e-mailed code (§7); creates the account on first use',
        body: verifyCodeRequest,
        response: { ...signInResponses, 401: unauthorized.describe("'Invalid code'") },
      },
      config: { rateLimit: perIp },
    },
    async (request, reply) =>
      sendSession(reply, config, await auth.verifyCode(request.body, requestContext(request))),
  );

  app.post(
    '/auth/request-password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password-reset link',
        description:
          'Always 202 with the same message. The link is `PUBLIC_URL/reset-password#token=…` (a fragment: the token never reaches a server log), valid 30 minutes, once.',
        body: requestPasswordResetRequest,
        response: { ...writeErrorResponses, 202: acceptedResponse, 429: throttled },
      },
      config: { rateLimit: perIp },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email, requestContext(request));
      return reply.code(202).send({ message: acceptedTexts.requestReset });
    },
  );

  app.post(
    '/auth/complete-reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset link (§7)',
        description:
          "Signs the account out everywhere. 400 'This reset link is invalid or has expired.' for an unknown, used or expired token, or the password rule's message.",
        body: completeResetPasswordRequest,
        response: { ...writeErrorResponses, 200: acceptedResponse, 503: busy },
      },
      config: { rateLimit: perIp },
    },
    async (request) => {
      await auth.completePasswordReset(request.body);
      return { message: acceptedTexts.resetDone };
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'A new access token from the refresh cookie (rotated on every use)',
        description:
          'A refresh token used twice revokes its whole session. Sessions end after AUTH_SESSION_DAYS whatever happens, and after AUTH_SESSION_IDLE_DAYS unused.',
        response: { ...signInResponses, 401: unauthorized },
      },
      config: { rateLimit: app.rateLimits.api },
    },
    async (request, reply) => {
      const cookie = refreshCookieOf(request.cookies);
      const outcome = cookie ? await sessions.refresh(cookie) : null;
      if (!outcome?.ok) {
        if (request.cookies[refreshCookieName(config.isHttps)] !== undefined) {
          clearSession(reply, config);
        }
        throw new HttpError(401, errorTexts[401]);
      }
      return sendSession(reply, config, outcome.session);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Sign out: revokes the cookie's session (and the bearer token's), clears the cookie",
        response: { ...writeErrorResponses, 204: noContent },
      },
      config: { rateLimit: app.rateLimits.api },
    },
    async (request, reply) => {
      const cookie = refreshCookieOf(request.cookies);
      const cookieSession = cookie ? await sessions.sessionOfCookie(cookie) : null;
      if (cookieSession) await sessions.end(cookieSession);
      if (request.headers.authorization !== undefined) {
        // Optional: a bad bearer token must not stop the cookie's session from ending.
        const bearer = await accounts.verifier
          .verify(request.headers.authorization.replace(/^Bearer +/i, '').trim())
          .catch(() => null);
        if (bearer?.kind === 'first-party')
          await sessions.endOwned(bearer.sessionId, bearer.userId);
      }
      clearSession(reply, config);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: "The caller's active first-party sessions",
        response: { ...readErrorResponses, 200: sessionListResponse, 401: unauthorized },
      },
      config: { rateLimit: app.rateLimits.api },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { user, sessionId } = signedIn(request);
      const current = sessionId ?? refreshCookieOf(request.cookies)?.sessionId ?? null;
      return { sessions: await sessions.list(user.id, current) };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign one of your sessions out',
        params: z.object({ id: z.string().max(100) }),
        response: {
          ...writeErrorResponses,
          204: noContent,
          401: unauthorized,
          404: errorResponse.describe('No such active session of yours'),
        },
      },
      config: { rateLimit: app.rateLimits.api },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      if (!(await sessions.endOwned(request.params.id, user.id))) {
        request.log.warn(
          { event: 'session_not_owned', userId: user.id, sessionId: request.params.id },
          'revoking a session that is not the caller’s (or not active)',
        );
        throw new HttpError(404, errorTexts[404]);
      }
      if (refreshCookieOf(request.cookies)?.sessionId === request.params.id) {
        clearSession(reply, config);
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/signout-everywhere',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke every session and every token issued until now',
        response: { ...writeErrorResponses, 204: noContent, 401: unauthorized },
      },
      config: { rateLimit: app.rateLimits.api },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await sessions.endAll(signedIn(request).user.id);
      clearSession(reply, config);
      return reply.code(204).send(null);
    },
  );
};
