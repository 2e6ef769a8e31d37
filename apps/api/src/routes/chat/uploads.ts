import { errorResponse, uploadResponse } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadTexts } from '../../domains/uploads/image-processing.ts';
import {
  errorTexts,
  HttpError,
  readErrorResponses,
  writeErrorResponses,
} from '../../http/errors.ts';
import { signedIn } from '../../plugins/app/auth.ts';
import { sendObject } from '../../storage/send-object.ts';
import { storedFileResponses } from '../../storage/stored-file-responses.ts';
import {
  type MultipartFormLimits,
  readFormOrRefuse,
  registerMultipartForm,
} from '../../http/multipart-form.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');

/**
 * Chat images (§3 Upload response). Signed-in users only: the bearer token is checked before the
 * body is read. Serving is owner-only with headers that keep a file from ever running as a page
 * (nosniff, a sandboxing CSP, inline disposition of a type we encoded ourselves). An <img> cannot
 * send the bearer token, so the SPA fetches the URL with it and shows a blob: URL.
 */
export const chatUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { imageUploads } = app;
  const { maxBytes } = app.config.uploads;
  const limits = { rateLimit: app.rateLimits.api };
  // One file and nothing else.
  const form: MultipartFormLimits = { maxFileBytes: maxBytes, files: 1, fields: 0 };
  await registerMultipartForm(app, form);
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/chat/upload',
    {
      schema: {
        tags: ['chat'],
        summary: 'Upload an image (multipart field "file": PNG, JPEG, WebP or GIF)',
        description:
          'The image is checked by its content, limited in bytes and pixels (see CONFIG.md), re-encoded without its metadata, and served to its owner at the returned URL.',
        consumes: ['multipart/form-data'],
        response: {
          ...writeErrorResponses,
          200: uploadResponse,
          400: errorResponse.describe(
            'No file, an image that cannot be read, or a body that is not complete multipart/form-data',
          ),
          401: unauthorized,
          413: errorResponse.describe('The file or its pixel count is over the limit'),
          415: errorResponse.describe('Not a PNG, JPEG, WebP or GIF image, or not multipart'),
        },
      },
      config: limits,
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, uploadTexts.notMultipart);
      const { files } = await readFormOrRefuse(request, form, {
        tooLarge: () => new HttpError(413, uploadTexts.tooLarge(app.config.uploads)),
        // Extra fields or a second file: the form is not what we take.
        badForm: () => new HttpError(400, uploadTexts.missingFile),
      });
      const [file] = files;
      if (!file || file.name !== 'file') throw new HttpError(400, uploadTexts.missingFile);
      return imageUploads.store(signedIn(request).user.id, file.data);
    },
  );

  app.get(
    '/chat/uploads/:id',
    {
      schema: {
        tags: ['chat'],
        summary: 'An uploaded image, to its owner only (fetch it with the bearer token)',
        description:
          'Streamed from the object store after the ownership check, on every request; a Range header answers 206.',
        produces: ['image/png', 'image/jpeg', 'image/webp'],
        params: z.object({ id: z.string().min(1).max(100) }),
        response: {
          ...readErrorResponses,
          ...storedFileResponses('The image (PNG, JPEG or WebP)'),
          401: unauthorized,
          404: errorResponse.describe("No such image (another user's image answers the same)"),
        },
      },
      config: limits,
    },
    async (request, reply) => {
      const key = await imageUploads.ownedKey(signedIn(request).user.id, request.params.id);
      const sent =
        key !== null &&
        (await sendObject(reply, app.storage, key, {
          range: request.headers.range,
          cacheControl: 'private, max-age=86400',
        }));
      if (!sent) throw new HttpError(404, errorTexts[404]);
      return reply;
    },
  );
};
