import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Per-route limits: `config: { rateLimit: app.rateLimits.forms }`. `auth` (the sign-in
     * routes) fails closed when Redis fails; the others fail open.
     */
    rateLimits: { forms: RateLimitOptions; api: RateLimitOptions; auth: RateLimitOptions };
  }
}

/**
 * Per-IP request limits (security.md §1.10). With Redis (REDIS_URL) every process counts in
 * the same keys, so N processes enforce one limit; without it each process counts in memory.
 * The client IP is the socket's unless TRUST_PROXY names the proxies allowed to set
 * X-Forwarded-For, so a spoofed header cannot reset the count. A 429 goes through the error
 * handler and answers with the §8 text and a Retry-After header.
 *
 * Redis failing mid-way (security.md §16.5.2): the sign-in routes fail closed (the request is
 * refused with a 500, logged) so brute force cannot ride on an outage; every other route fails
 * open (served uncounted) so the site stays up.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { forms, api, auth } = app.config.rateLimits;
    const { redis } = app;
    let shared = {};
    if (redis) {
      // A connection of its own without an offline queue: while Redis is away each count fails
      // at once (and the request is served, or refused, at once) instead of waiting for the
      // reconnection attempts every request would otherwise queue behind.
      const connection = redis.connect({
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        lazyConnect: true,
      });
      await connection.connect();
      shared = { redis: connection, nameSpace: `${redis.keyPrefix}:rate-limit:` };
    }
    await app.register(rateLimit, {
      global: false,
      // request.ip is undefined once the client has hung up (its socket is gone): such a request
      // is still counted, under one shared key, instead of crashing the limiter.
      keyGenerator: (request) => request.ip ?? 'disconnected',
      skipOnError: true,
      ...shared,
    });
    app.decorate('rateLimits', {
      forms: { max: forms.max, timeWindow: forms.windowMs },
      api: { max: api.max, timeWindow: api.windowMs },
      auth: { max: auth.max, timeWindow: auth.windowMs, skipOnError: false },
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'redis'] },
);
