import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config.ts';
import { productCsp } from '../../security/content-security-policy.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Which security headers a route's responses carry: the app's (the default), or those of
     * MSAL's redirect bridge page (redirectBridgeHeaders).
     */
    securityHeaders?: 'app' | 'redirect-bridge';
  }
}

/** The security headers of every response (security.md §1.9). */
function appHeaders(config: Config) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: productCsp(config) },
    strictTransportSecurity: config.isHttps
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' as const },
  } satisfies HelmetOptions;
}

/**
 * The headers of MSAL's redirect bridge page (/auth/callback), in place of the app's: MSAL opens
 * it in a popup and in a hidden iframe of this origin, and the page hands the identity service's
 * answer back to the window that asked. So this origin may frame it, and it carries no
 * Cross-Origin-Opener-Policy (identity.md: served without COOP). Everything else stays strict.
 */
function redirectBridgeHeaders(config: Config) {
  return {
    ...appHeaders(config),
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...productCsp(config), 'frame-ancestors': ["'self'"] },
    },
    xFrameOptions: { action: 'sameorigin' as const },
    crossOriginOpenerPolicy: false,
  } satisfies HelmetOptions;
}

type HeaderSetter = ReturnType<typeof helmet>;

/** Runs a helmet middleware on the raw response (it sets headers only, synchronously). */
function apply(headers: HeaderSetter, request: FastifyRequest, reply: FastifyReply) {
  headers(request.raw, reply.raw, (error?: unknown) => {
    if (error) throw error;
  });
}

/**
 * Security headers on every response (security.md §1.9) through helmet: a strict CSP, HSTS when
 * the product is served over https, no framing, no MIME sniffing, no referrer leaks. API
 * responses are not cached unless a route says otherwise.
 *
 * Helmet's middlewares are built once here. @fastify/helmet, used before, built them again for
 * every request, parsing the CSP's directives each time: a tenth of the work of admitting a chat
 * request while 200 arrived at once (`npm run bench:chat-load`).
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const { config } = app;
    const setters = {
      app: helmet(appHeaders(config)),
      'redirect-bridge': helmet(redirectBridgeHeaders(config)),
    };

    app.addHook('onRequest', async (request, reply) => {
      apply(setters[request.routeOptions.config.securityHeaders ?? 'app'], request, reply);
      // Which of the deployment's processes answered (behind a load balancer, for operators and
      // the multi-instance tests), a name that says nothing about the machine; set on arrival so
      // the event streams, which take the response over, carry it too.
      reply.header('x-instance', config.instanceName);
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
