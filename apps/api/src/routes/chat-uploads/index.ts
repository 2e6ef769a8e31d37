import multipart from '@fastify/multipart';
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
import { FilePartTooLargeError, parserFileSizeFor, readFilePart } from './read-file-part.ts';
import { bodyFullyRead, declaredLength, untilBodyRead } from './request-body.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');

/** Room for the multipart framing (boundaries, part headers) around the largest accepted file. */
const multipartOverheadBytes = 64 * 1024;

/**
 * A body that says it is larger than this is refused before it is read. Up to it, an over-limit
 * file is read to its end and dropped, so the refusal comes after the body and the connection
 * stays usable; reading more than a few times the limit to say no is not worth it.
 */
const readToRefuseFactor = 4;

function statusCodeOf(error: unknown): number | null {
  return typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
    ? error.statusCode
    : null;
}

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
  await app.register(multipart, {
    // One file and nothing else. The file's size is enforced by readFilePart (see there why the
    // parser's own limit and toBuffer() are not enough); the parser stops keeping bytes one past it.
    limits: {
      fileSize: parserFileSizeFor(maxBytes),
      files: 1,
      fields: 0,
      parts: 1,
      headerPairs: 20,
    },
    throwFileSizeLimit: false,
  });
  const tooLarge = () => new HttpError(413, uploadTexts.tooLarge(app.config.uploads));
  app.addHook('onRequest', app.authenticate);
  const readToRefuseBytes = readToRefuseFactor * (maxBytes + multipartOverheadBytes);
  // An answer sent before the body was read (a 401, a declared length far over the limit): the
  // client may still be sending the rest, which must not be read as its next request on this
  // keep-alive connection. Close it, as Fastify does after its own body errors.
  app.addHook('onSend', async (request, reply) => {
    if (!bodyFullyRead(request.raw)) reply.header('connection', 'close');
  });

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
          400: errorResponse.describe('No file, or an image that cannot be read'),
          401: unauthorized,
          413: errorResponse.describe('The file or its pixel count is over the limit'),
          415: errorResponse.describe('Not a PNG, JPEG, WebP or GIF image, or not multipart'),
        },
      },
      config: limits,
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, uploadTexts.notMultipart);
      // A route's bodyLimit does not apply here: the multipart parser leaves the body unread for
      // request.file() to stream, and readFilePart holds the file to the limit.
      const length = declaredLength(request.headers['content-length']);
      if (length !== null && length > readToRefuseBytes) throw tooLarge();
      let data: Buffer;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') throw new HttpError(400, uploadTexts.missingFile);
        data = await readFilePart(part.file, maxBytes);
        await untilBodyRead(request.raw);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (error instanceof FilePartTooLargeError) {
          await untilBodyRead(request.raw);
          throw tooLarge();
        }
        // Malformed multipart, extra fields or a second file: the form is not what we take.
        const status = statusCodeOf(error);
        if (status !== null && status >= 400 && status < 500) {
          throw new HttpError(400, uploadTexts.missingFile);
        }
        throw error;
      }
      return imageUploads.store(signedIn(request).user.id, data);
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
