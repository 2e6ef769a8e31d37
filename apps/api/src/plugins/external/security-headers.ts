import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { productCsp } from '../../security/content-security-policy.ts';

/**
 * The headers of MSAL's redirect bridge page (/auth/callback), in place of the app's: MSAL opens
 * it in a popup and in a hidden iframe of this origin, and the page hands the identity service's
 * answer back to the window that asked. So this origin may frame it, and it carries no
 * Cross-Origin-Opener-Policy (identity.md: served without COOP). Everything else stays strict.
 */
export function redirectBridgeHeaders(config: Config): Omit<FastifyHelmetOptions, 'global'> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...productCsp(config), 'frame-ancestors': ["'self'"] },
    },
    xFrameOptions: { action: 'sameorigin' },
    crossOriginOpenerPolicy: false,
  };
}

/**
 * Security headers on every response (security.md §1.9) through helmet: a strict CSP, HSTS when
 * the product is served over https, no framing, no MIME sniffing, no referrer leaks. API
 * responses are not cached unless a route says otherwise.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const { config } = app;
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: productCsp(config) },
      strictTransportSecurity: config.isHttps
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });

    // Which of the deployment's processes answered (behind a load balancer, for operators and
    // the multi-instance tests), a name that says nothing about the machine; set on arrival so
    // the event streams, which take the response over, carry it too.
    app.addHook('onRequest', async (_request, reply) => {
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
