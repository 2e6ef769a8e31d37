import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { parseRefreshCookie, refreshCookieName } from '../../domains/auth/refresh-cookie.ts';
import { HttpError } from '../../http/errors.ts';
import {
  anonymousCsrfBinding,
  constantTimeEqual,
  createCsrfToken,
  csrfCookieName,
  csrfHeaderName,
  isValidCsrfToken,
} from '../../security/csrf-token.ts';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Long-cached static files never carry Set-Cookie (shared caches would keep it). */
const cookielessPrefixes = ['/assets/', '/locales/', '/api/docs/static/'];
/**
 * Provider-to-server calls: authenticated by the provider's signature, never by cookies (a
 * browser cannot forge them), so no XSRF token is asked for. The VNPay IPN is a GET already.
 */
const providerCallbackPaths = new Set(['/api/payments/paypal/webhook']);

export const csrfRejection =
  'Missing or invalid security token. Please reload the page and try again.';

function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers[csrfHeaderName];
  return typeof value === 'string' ? value : undefined;
}

/** The sign-in the browser's cookies name (its refresh cookie's session), or "anonymous". */
export function csrfBindingOf(request: FastifyRequest, isHttps: boolean): string {
  const refresh = parseRefreshCookie(request.cookies[refreshCookieName(isHttps)]);
  return refresh?.sessionId ?? anonymousCsrfBinding;
}

/**
 * Sets a fresh XSRF-TOKEN cookie bound to `binding`. Every response that sets or clears the
 * refresh cookie calls it, so the browser's token always matches its sign-in. A token bound to
 * a session expires with the session's cookie: the browser never keeps a token for a sign-in it
 * has already dropped.
 */
export function setCsrfCookie(
  reply: FastifyReply,
  config: Pick<Config, 'csrfSecret' | 'isHttps'>,
  binding: string,
  expires?: Date,
): void {
  reply.setCookie(csrfCookieName, createCsrfToken(config.csrfSecret, binding), {
    path: '/',
    sameSite: 'lax',
    secure: config.isHttps,
    // The SPA reads it to echo it in the header: that is the point of double submit.
    httpOnly: false,
    ...(expires ? { expires } : {}),
  });
}

/**
 * CSRF protection, security.md §1.5: issues a signed XSRF-TOKEN cookie on GETs that lack a valid
 * one, and requires every state-changing request that carries cookies to echo it in
 * X-XSRF-TOKEN. The token is bound to the browser's sign-in (the refresh cookie's session), so a
 * token minted for one session is refused in another. A request without any cookie has no
 * ambient credential to abuse, so API clients that send none are not asked for a token.
 */
export const csrfPlugin = fp(
  async (app) => {
    const { csrfSecret, isHttps } = app.config;

    app.addHook('onRequest', async (request, reply) => {
      const cookieToken = request.cookies[csrfCookieName];
      const binding = csrfBindingOf(request, isHttps);

      if (stateChangingMethods.has(request.method)) {
        if (!request.headers.cookie) return;
        if (providerCallbackPaths.has(request.url.split('?', 1)[0] ?? '')) return;
        const echoed = headerToken(request);
        const valid =
          cookieToken !== undefined &&
          echoed !== undefined &&
          constantTimeEqual(echoed, cookieToken) &&
          isValidCsrfToken(csrfSecret, cookieToken, binding);
        if (!valid) {
          request.log.warn(
            { event: 'csrf_rejected' },
            'state-changing request without a valid XSRF token',
          );
          throw new HttpError(403, csrfRejection);
        }
        return;
      }

      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      if (cookielessPrefixes.some((prefix) => request.url.startsWith(prefix))) return;
      if (cookieToken !== undefined && isValidCsrfToken(csrfSecret, cookieToken, binding)) return;
      setCsrfCookie(reply, app.config, binding);
    });
  },
  { name: 'csrf', dependencies: ['config', '@fastify/cookie'] },
);
