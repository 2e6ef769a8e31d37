import { healthResponse } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { pingDatabase } from '../../domains/health/health.repository.ts';
import { readErrorResponses } from '../../http/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Is the API up, and can it reach its database?',
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
      });
    },
  );
};
