import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-route limits: `config: { rateLimit: app.rateLimits.forms }`. */
    rateLimits: { forms: RateLimitOptions; api: RateLimitOptions };
  }
}

/**
 * Per-IP request limits (security.md §1.10), kept in memory: each route with a limit counts on
 * its own. The client IP is the socket's unless TRUST_PROXY names the proxies allowed to set
 * X-Forwarded-For, so a spoofed header cannot reset the count. A 429 goes through the error
 * handler and answers with the §8 text and a Retry-After header.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { forms, api } = app.config.rateLimits;
    await app.register(rateLimit, {
      global: false,
      // request.ip is undefined once the client has hung up (its socket is gone): such a request
      // is still counted, under one shared key, instead of crashing the limiter.
      keyGenerator: (request) => request.ip ?? 'disconnected',
    });
    app.decorate('rateLimits', {
      forms: { max: forms.max, timeWindow: forms.windowMs },
      api: { max: api.max, timeWindow: api.windowMs },
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
