import {
  healthResponse,
  type LocalModelHealth,
  livenessResponse,
  readinessResponse,
} from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { pingDatabase } from '../../domains/health/health.repository.ts';
import { readErrorResponses } from '../../http/errors.ts';

/** What health says when no local model is configured (a provider or the sandbox answers). */
const noLocalModel: LocalModelHealth = {
  status: 'none',
  name: null,
  file: null,
  memoryBytes: null,
  active: 0,
  queued: 0,
  error: null,
};

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Is the API up, can it reach its database, and how is the local model?',
        response: {
          200: healthResponse,
          503: healthResponse.describe('The database cannot be reached (status "degraded")'),
          500: readErrorResponses[500],
        },
      },
    },
    async (request, reply) => {
      const database = await pingDatabase(app.db);
      if (!database.ok) request.log.error('health check: the database is not reachable');
      return reply.code(database.ok ? 200 : 503).send({
        status: database.ok ? 'ok' : 'degraded',
        version: packageJson.version,
        uptimeSeconds: Math.round(process.uptime()),
        database: { driver: app.database.driver, ...database },
        // Informative only: a local model that failed to load does not make the API degraded.
        localModel: app.localModel?.health() ?? noLocalModel,
        pullCommand: app.models.pullCommand ?? null,
      });
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (restart it when this fails)',
        response: { 200: livenessResponse },
      },
    },
    async () => ({ status: 'live' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database, Redis and the object store (when configured) answer',
        description:
          'A load balancer sends traffic to this process only while it answers 200. 503 names each failed check and why, or says `draining` once the process has begun to shut down (SIGTERM).',
        response: {
          200: readinessResponse.describe('Every check passed (status "ready")'),
          503: readinessResponse.describe(
            'A check failed (status "unready") or the server is shutting down ("draining")',
          ),
        },
      },
    },
    async (request, reply) => {
      if (app.readiness.draining) return reply.code(503).send({ status: 'draining', checks: [] });
      const checks = await app.readiness.run();
      const failed = checks.filter((check) => !check.ok);
      if (failed.length > 0) request.log.warn({ failed }, 'readiness check failed');
      return reply
        .code(failed.length === 0 ? 200 : 503)
        .send({ status: failed.length === 0 ? 'ready' : 'unready', checks });
    },
  );
};
