import { healthResponse, type LocalModelHealth } from '@studio/contracts';
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
};
