import { createHash, timingSafeEqual } from 'node:crypto';
import { errorResponse } from '@studio/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorTexts } from '../../http/errors.ts';
import { isLoopbackClient } from '../../http/loopback.ts';

/** Compared as digests: equal lengths, so the comparison takes the same time whatever is sent. */
function sameToken(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * GET /metrics, Prometheus' text format. Guarded (config/observability-config.ts): with
 * METRICS_TOKEN, only `Authorization: Bearer <token>` reads it (401 otherwise); without one,
 * production answers 404 and development and test serve loopback clients only (isLoopbackClient).
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { token, openOnLoopback } = app.config.metrics;

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics (a scraper with METRICS_TOKEN as its bearer token)',
        description:
          'Process metrics, `http_request_duration_seconds` by method, route pattern and status, `sse_streams_active`, `chat_time_to_first_token_seconds` by model, and the job queue (`jobs` by kind and state, `job_failures_total` by kind).',
        response: {
          200: z.string().describe('text/plain; version=0.0.4 (Prometheus exposition format)'),
          401: errorResponse.describe('METRICS_TOKEN is set and this request did not send it'),
          404: errorResponse.describe('Metrics are not exposed to this client'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (token !== null) {
        const sent = bearerToken(request);
        if (sent === null || !sameToken(sent, token)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer realm="metrics"')
            .send({ message: errorTexts[401] });
        }
      } else if (!openOnLoopback || !isLoopbackClient(request)) {
        return reply.code(404).send({ message: errorTexts[404] });
      }
      return reply.type(app.metrics.registry.contentType).send(await app.metrics.scrape());
    },
  );
};
