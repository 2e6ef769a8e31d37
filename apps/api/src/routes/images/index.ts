import {
  errorResponse,
  galleryPage,
  generatedImage,
  imageFamily,
  imageGenerationRequest,
  imageJob,
  imageModelsResponse,
  imageTexts as requestTexts,
} from '@studio/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadTexts } from '../../domains/uploads/image-processing.ts';
import { HttpError, readErrorResponses, writeErrorResponses } from '../../http/errors.ts';
import {
  deletedResponse,
  idParams,
  notFoundResponse,
  quotaOrRateLimitResponse,
  unauthorizedResponse as unauthorized,
} from '../../http/route-schemas.ts';
import { ownTextsOf, parseOrRefuse } from '../../http/validation-refusal.ts';
import { signedIn } from '../../plugins/app/auth.ts';
import { jobOwnerOf, startingCaller } from '../../plugins/app/user-jobs.ts';
import { registerRouteScope } from '../../plugins/app/route-scope.ts';
import { sendStoredFile } from '../../storage/send-object.ts';
import { storedFileResponses } from '../../storage/stored-file-responses.ts';
import { generationFormLimits, readGenerationForm } from './generation-form.ts';

const notFound = notFoundResponse('image');
const quotaOrRateLimit = quotaOrRateLimitResponse("Today's image quota");

/** The texts of our own checks go to `message` as they are; zod's others read as §8's 400. */
const ownTexts = ownTextsOf(requestTexts);

/**
 * The image tools (§7 style): the models and today's quota, generations as jobs (visitors and
 * users), a signed-in user's gallery, one image, its file, its family, deleting it, and a job's
 * images for its owner (a visitor reads theirs with their key). Every path that names an image
 * or a job answers 404 for one the caller does not own.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { images, config } = app;
  const limits = { rateLimit: app.rateLimits.api };
  const { maxBytes } = config.uploads;
  const tooLarge = () => new HttpError(413, uploadTexts.tooLarge(config.uploads));

  // Open to visitors: no Authorization header is a visitor; a bearer token must be valid.
  registerRouteScope(
    app,
    { access: 'visitors', multipart: generationFormLimits(maxBytes) },
    (open) => {
      open.get(
        '/images/models',
        {
          schema: {
            tags: ['images'],
            summary: "The image models (locked above the caller's plan) and today's quota",
            response: { ...readErrorResponses, 200: imageModelsResponse, 401: unauthorized },
          },
          config: limits,
        },
        async (request, reply) => {
          reply.header('cache-control', 'no-store');
          return images.models(request.caller);
        },
      );

      open.post(
        '/images/generations',
        {
          // The files are held to the upload limit part by part (readGenerationForm); JSON stays
          // at the app's limit.
          schema: {
            tags: ['images'],
            summary:
              'Start a generation (visitors with X-Visitor-Key, and users): 202 with the job',
            description:
              'JSON (imageGenerationRequest), or multipart/form-data with that JSON in the field `request` and the files `source`, `mask` (PNG, transparent where the picture may change) and `reference` (up to 3), checked and re-encoded as chat uploads are. Each variant takes one unit of the daily quota; follow the job at /api/jobs/{id}/events.',
            consumes: ['application/json', 'multipart/form-data'],
            response: {
              ...writeErrorResponses,
              202: imageJob,
              400: errorResponse.describe(
                'Invalid request (`errors` lists each problem), an unknown model, a capability the model lacks, or no visitor key',
              ),
              401: unauthorized,
              403: errorResponse.describe(
                'The model needs a higher plan, or the XSRF token is missing',
              ),
              404: errorResponse.describe(
                'The source or parent image is not yours (or does not exist)',
              ),
              413: errorResponse.describe('A file or its pixel count is over the limit'),
              415: errorResponse.describe('An upload is not a PNG, JPEG, WebP or GIF image'),
              429: quotaOrRateLimit,
              503: errorResponse.describe('The object store cannot be reached; try again shortly'),
            },
          },
          config: limits,
        },
        async (request, reply: FastifyReply) => {
          let fields: unknown = request.body;
          let uploads = { source: null, mask: null, references: [] } as Parameters<
            typeof images.start
          >[2];
          if (request.isMultipart()) {
            ({ fields, uploads } = await readGenerationForm(request, maxBytes, tooLarge));
          }
          const caller = startingCaller(request);
          const parsed = parseOrRefuse(imageGenerationRequest, fields, ownTexts);
          return reply.code(202).send(await images.start(caller, parsed, uploads));
        },
      );
    },
  );

  // A job's images: its owner's, a user by bearer token or a visitor by key.
  registerRouteScope(app, { access: 'owners' }, (owned) => {
    owned.get(
      '/images/jobs/:jobId/images/:index',
      {
        schema: {
          tags: ['images'],
          summary: "One image of your completed generation job (a visitor's with their key)",
          params: z.object({
            jobId: z.string().min(1).max(100),
            index: z.coerce.number().int().min(0).max(99),
          }),
          produces: ['image/png'],
          response: {
            ...readErrorResponses,
            ...storedFileResponses('The PNG, with its generation parameters'),
            401: unauthorized,
            404: errorResponse.describe("No such job or image (another's answers the same)"),
            409: errorResponse.describe('The job has not completed'),
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const file = await images.jobImage(
          jobOwnerOf(request),
          request.params.jobId,
          request.params.index,
        );
        await sendStoredFile(reply, app.storage, file.key, {
          range: request.headers.range,
          cacheControl: 'private, no-store',
        });
        return reply;
      },
    );
  });

  // The gallery: signed-in users only.
  registerRouteScope(app, { access: 'users' }, (gallery) => {
    gallery.get(
      '/images',
      {
        schema: {
          tags: ['images'],
          summary: 'Your gallery, newest first (pass nextCursor as cursor for the next page)',
          querystring: z.object({ cursor: z.string().min(1).max(400).optional() }),
          response: { ...readErrorResponses, 200: galleryPage, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return images.gallery(signedIn(request).user.id, request.query.cursor);
      },
    );

    gallery.get(
      '/images/:id',
      {
        schema: {
          tags: ['images'],
          summary: 'One of your images',
          params: idParams,
          response: {
            ...readErrorResponses,
            200: generatedImage,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request) => images.get(signedIn(request).user.id, request.params.id),
    );

    gallery.delete(
      '/images/:id',
      {
        schema: {
          tags: ['images'],
          summary: 'Delete one of your images and its file (its children stay, as roots)',
          params: idParams,
          response: {
            ...writeErrorResponses,
            204: deletedResponse,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        await images.remove(signedIn(request).user.id, request.params.id);
        return reply.code(204).send(null);
      },
    );

    gallery.get(
      '/images/:id/file',
      {
        schema: {
          tags: ['images'],
          summary: 'The PNG of one of your images (?download=1: as an attachment)',
          description:
            'The PNG carries its generation parameters in a tEXt chunk (`parameters`, as AUTOMATIC1111 writes them). Fetch it with the bearer token.',
          params: idParams,
          querystring: z.object({ download: z.enum(['0', '1']).optional() }),
          produces: ['image/png'],
          response: {
            ...readErrorResponses,
            ...storedFileResponses('The PNG'),
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const file = await images.file(signedIn(request).user.id, request.params.id);
        await sendStoredFile(reply, app.storage, file.key, {
          range: request.headers.range,
          cacheControl: 'private, max-age=86400',
          disposition: request.query.download === '1' ? { attachment: file.fileName } : 'inline',
        });
        return reply;
      },
    );

    gallery.get(
      '/images/:id/family',
      {
        schema: {
          tags: ['images'],
          summary: 'The family tree of one of your images: its root and every descendant',
          params: idParams,
          response: { ...readErrorResponses, 200: imageFamily, 401: unauthorized, 404: notFound },
        },
        config: limits,
      },
      async (request) => images.family(signedIn(request).user.id, request.params.id),
    );
  });
};
