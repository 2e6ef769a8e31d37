import { errorResponse, exportQuery } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrorResponses } from '../../http/errors.ts';
import { signedIn } from '../../plugins/app/auth.ts';

/** GET /api/chat/export/{id}?format=json|markdown (§7): a download of the owner's conversation. */
export const chatExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { exports } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/chat/export/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'Download a conversation as JSON or Markdown (Content-Disposition names the file)',
        produces: ['application/json', 'text/markdown'],
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: exportQuery,
        response: {
          ...readErrorResponses,
          200: z
            .string()
            .describe(
              'JSON {id, title, createdAt, exportedAt, messages[{role, content, createdAt, modelId, imageUrls}]} or a Markdown transcript',
            ),
          401: errorResponse.describe('Missing, invalid, expired or revoked bearer token'),
          404: errorResponse.describe(
            "No such conversation (another user's conversation answers the same)",
          ),
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
};
