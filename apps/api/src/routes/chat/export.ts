import { chatExportJob, errorResponse, exportQuery, startExportRequest } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrorResponses, writeErrorResponses } from '../../http/errors.ts';
import { signedIn } from '../../plugins/app/auth.ts';

const conversationParams = z.object({ id: z.string().min(1).max(100) });
const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');
const conversationNotFound = errorResponse.describe(
  "No such conversation (another user's conversation answers the same)",
);

/**
 * GET /api/chat/export/{id}?format=json|markdown (§7): a download of the owner's conversation;
 * POST /api/chat/export/{id}/jobs: the same as a background job the page follows (long ones).
 */
export const chatExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { exports, exportJobs } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/chat/export/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'Download a conversation as JSON or Markdown (Content-Disposition names the file)',
        produces: ['application/json', 'text/markdown'],
        params: conversationParams,
        querystring: exportQuery,
        response: {
          ...readErrorResponses,
          200: z
            .string()
            .describe(
              'JSON {id, title, createdAt, exportedAt, messages[{role, content, createdAt, modelId, imageUrls}]} or a Markdown transcript',
            ),
          401: unauthorized,
          404: conversationNotFound,
        },
      },
      config: { rateLimit: app.rateLimits.api },
    },
    async (request, reply) => {
      const file = await exports.export(
        signedIn(request).user.id,
        request.params.id,
        request.query.format,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', file.contentDisposition)
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  app.post(
    '/chat/export/:id/jobs',
    {
      schema: {
        tags: ['chat', 'jobs'],
        summary: 'Export a conversation in the background: follow the job at /api/jobs/{id}',
        description:
          'Answers 202 with the queued job. Its events (GET /api/jobs/{id}/events) report `reading`, `writing` and `storing`; once completed, GET /api/jobs/{id}/result downloads the file (kept 24 hours).',
        params: conversationParams,
        body: startExportRequest,
        response: {
          ...writeErrorResponses,
          202: chatExportJob,
          401: unauthorized,
          404: conversationNotFound,
        },
      },
      config: { rateLimit: app.rateLimits.api },
    },
    async (request, reply) => {
      const job = await exportJobs.start(
        signedIn(request).user.id,
        request.params.id,
        request.body.format,
      );
      return reply.code(202).send(job);
    },
  );
};
