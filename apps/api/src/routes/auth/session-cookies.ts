import type { SessionResponse } from '@studio/contracts';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { formatRefreshCookie, refreshCookieName } from '../../domains/auth/refresh-cookie.ts';
import type { IssuedSession } from '../../domains/auth/sessions.service.ts';
import { toUserProfile } from '../../domains/users/user.ts';
import { setCsrfCookie } from '../../plugins/app/csrf.ts';
import { anonymousCsrfBinding } from '../../security/csrf-token.ts';

type CookieConfig = Pick<Config, 'csrfSecret' | 'isHttps'>;

/** HttpOnly (no script reads it), SameSite=Strict (no cross-site request carries it), Path=/. */
function refreshCookieOptions(config: CookieConfig) {
  return { path: '/', httpOnly: true, secure: config.isHttps, sameSite: 'strict' as const };
}

/**
 * Answers a sign-in or a refresh: the refresh token as a cookie that lives as long as the
 * session, a new XSRF token bound to that session, and the access token in the body.
 */
export function sendSession(
  reply: FastifyReply,
  config: CookieConfig,
  issued: IssuedSession,
): SessionResponse {
  reply.setCookie(refreshCookieName(config.isHttps), formatRefreshCookie(issued.cookie), {
    ...refreshCookieOptions(config),
    expires: issued.expiresAt,
  });
  setCsrfCookie(reply, config, issued.sessionId, issued.expiresAt);
  reply.header('cache-control', 'no-store');
  return {
    accessToken: issued.accessToken,
    expiresIn: issued.expiresIn,
    tokenType: 'Bearer',
    user: toUserProfile(issued.user),
  };
}

/** Clears the refresh cookie and hands the browser an anonymous XSRF token. */
export function clearSession(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(refreshCookieName(config.isHttps), refreshCookieOptions(config));
  setCsrfCookie(reply, config, anonymousCsrfBinding);
  reply.header('cache-control', 'no-store');
}
