import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.ts';
import {
  constantTimeEqual,
  createCsrfToken,
  csrfCookieName,
  csrfHeaderName,
  isValidCsrfToken,
} from '../security/csrf-token.ts';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Long-cached static files never carry Set-Cookie (shared caches would keep it). */
const cookielessPrefixes = ['/assets/', '/locales/', '/api/docs/static/'];

export const csrfRejection =
  'Missing or invalid security token. Please reload the page and try again.';

function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers[csrfHeaderName];
  return typeof value === 'string' ? value : undefined;
}

/**
 * CSRF protection, security.md §1.5: issues a signed XSRF-TOKEN cookie on GETs that lack a valid
 * one, and requires every state-changing request that carries cookies to echo it in
 * X-XSRF-TOKEN. A request without any cookie has no ambient credential to abuse, so API
 * clients that send none are not asked for a token.
 */
export const csrfPlugin = fp(
  async (app) => {
    const { csrfSecret, isHttps } = app.config;

    app.addHook('onRequest', async (request, reply) => {
      const cookieToken = request.cookies[csrfCookieName];

      if (stateChangingMethods.has(request.method)) {
        if (!request.headers.cookie) return;
        const echoed = headerToken(request);
        const valid =
          cookieToken !== undefined &&
          echoed !== undefined &&
          constantTimeEqual(echoed, cookieToken) &&
          isValidCsrfToken(csrfSecret, cookieToken);
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
      if (cookieToken !== undefined && isValidCsrfToken(csrfSecret, cookieToken)) return;
      reply.setCookie(csrfCookieName, createCsrfToken(csrfSecret), {
        path: '/',
        sameSite: 'lax',
        secure: isHttps,
        // The SPA reads it to echo it in the header: that is the point of double submit.
        httpOnly: false,
      });
    });
  },
  { name: 'csrf', dependencies: ['config', '@fastify/cookie'] },
);
