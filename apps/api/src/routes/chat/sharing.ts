import {
  errorResponse,
  sharedConversationResponse,
  sharedLinksResponse,
  shareRequest,
  shareResponse,
  shareStatusResponse,
} from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorTexts,
  HttpError,
  readErrorResponses,
  writeErrorResponses,
} from '../../http/errors.ts';
import { signedIn } from '../../plugins/app/auth.ts';
import { sendObject } from '../../storage/send-object.ts';
import { storedFileResponses } from '../../storage/stored-file-responses.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');
const conversationNotFound = errorResponse.describe(
  "No such conversation (another user's conversation answers the same)",
);
const idParams = z.object({ id: z.string().min(1).max(100) });
const slugParams = z.object({ slug: z.string().min(1).max(100) });
const sharedImageParams = slugParams.extend({ imageId: z.string().min(1).max(100) });

/**
 * Share links (§2, §3, §7). Everything but reading a shared conversation (and its images) needs
 * a bearer token and the conversation's ownership; the public reads are anonymous, never cached
 * (a revoked link must die at once) and kept out of search engines.
 */
export const chatSharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sharing } = app;
  const limits = { rateLimit: app.rateLimits.api };

  app.get(
    '/chat/share/:slug',
    {
      schema: {
        tags: ['chat'],
        summary: 'A shared conversation: public and read-only, the snapshot taken when shared',
        params: slugParams,
        response: {
          ...readErrorResponses,
          200: sharedConversationResponse,
          404: errorResponse.describe('Unknown, expired or revoked link (all answer the same)'),
        },
      },
      config: limits,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      return sharing.view(request.params.slug);
    },
  );

  app.get(
    '/chat/share/:slug/images/:imageId',
    {
      schema: {
        tags: ['chat'],
        summary: 'An image of a shared conversation: public, while the link lives',
        description:
          "Only the images the shared snapshot shows, and only while the sharer still has them. Served with the same headers as the owner's uploads, never cached: a revoked link takes its images with it at once.",
        produces: ['image/png', 'image/jpeg', 'image/webp'],
        params: sharedImageParams,
        response: {
          ...readErrorResponses,
          ...storedFileResponses('The image (PNG, JPEG or WebP)'),
          404: errorResponse.describe(
            'Unknown, expired or revoked link, or an image the link does not show (all alike)',
          ),
        },
      },
      config: limits,
    },
    async (request, reply) => {
      const key = await sharing.image(request.params.slug, request.params.imageId);
      // Never cached: a revoked link loses its images at once.
      const sent =
        key !== null &&
        (await sendObject(reply.header('x-robots-tag', 'noindex, nofollow'), app.storage, key, {
          range: request.headers.range,
          cacheControl: 'no-store',
        }));
      if (!sent) throw new HttpError(404, errorTexts[404]);
      return reply;
    },
  );

  app.post(
    '/chat/share',
    {
      schema: {
        tags: ['chat'],
        summary: 'Share a conversation as it is now (a new link revokes the previous one)',
        body: shareRequest,
        response: {
          ...writeErrorResponses,
          200: shareResponse,
          401: unauthorized,
          403: errorResponse.describe(
            "Missing or invalid X-XSRF-TOKEN, or beyond the plan's share-link limits (count or days)",
          ),
          404: conversationNotFound,
        },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request) =>
      sharing.share(
        signedIn(request).user.id,
        request.body.conversationId,
        request.body.expiresInDays,
      ),
  );

  app.get(
    '/chat/share/status/:id',
    {
      schema: {
        tags: ['chat'],
        summary: "A conversation's live share link, if any, and the longest one the plan allows",
        params: idParams,
        response: {
          ...readErrorResponses,
          200: shareStatusResponse,
          401: unauthorized,
          404: conversationNotFound,
        },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request) => sharing.status(signedIn(request).user.id, request.params.id),
  );

  app.delete(
    '/chat/share/:id',
    {
      schema: {
        tags: ['chat'],
        summary: "Revoke a conversation's share link (its slug answers 404 from now on)",
        params: idParams,
        response: {
          ...writeErrorResponses,
          204: z.null().describe('Revoked (also when there was no live link)'),
          401: unauthorized,
          404: conversationNotFound,
        },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      await sharing.revoke(signedIn(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/chat/shares',
    {
      schema: {
        tags: ['chat'],
        summary: "The signed-in user's live share links, newest first",
        response: { ...readErrorResponses, 200: sharedLinksResponse, 401: unauthorized },
      },
      config: limits,
      onRequest: app.authenticate,
    },
    async (request) => sharing.list(signedIn(request).user.id),
  );
};
