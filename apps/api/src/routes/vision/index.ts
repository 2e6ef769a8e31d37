import {
  errorResponse,
  visionAnswerEvents,
  visionAnswerRequest,
  visionCatalogueResponse,
  visionRead,
  visionReadFields,
  visionReadStarted,
  visionReadsPage,
  visionReadsQuery,
  visionTableFormat,
  visionTexts,
} from '@studio/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadTexts } from '../../domains/uploads/image-processing.ts';
import { visionServiceTexts } from '../../domains/vision/vision-texts.ts';
import type { VisionReadSource } from '../../domains/vision/vision.service.ts';
import { sendAttachment } from '../../http/attachment.ts';
import { clientGone } from '../../http/client-gone.ts';
import {
  errorTexts,
  HttpError,
  readErrorResponses,
  writeErrorResponses,
} from '../../http/errors.ts';
import {
  deletedResponse,
  idParams,
  quotaOrRateLimitResponse,
  unauthorizedResponse as unauthorized,
} from '../../http/route-schemas.ts';
import { ownTextsOf, parseOrRefuse } from '../../http/validation-refusal.ts';
import { openTypedEventStream } from '../../http/event-stream.ts';
import { type MultipartFormLimits, readFormOrRefuse } from '../../http/multipart-form.ts';
import { jobOwnerOf, startingCaller } from '../../plugins/app/user-jobs.ts';
import { registerRouteScope } from '../../plugins/app/route-scope.ts';
import { sendStoredFile } from '../../storage/send-object.ts';
import { storedFileResponses } from '../../storage/stored-file-responses.ts';

const notFound = errorResponse.describe(
  "No such read, or it is no longer kept (another caller's read answers the same)",
);
const quotaOrRateLimit = quotaOrRateLimitResponse("Today's allowance");

/** The texts of our own checks go to `message` as they are; zod's others read as §8's 400. */
const ownTexts = ownTextsOf(visionTexts);

/** A read's form: one file, or the id of an image, and the languages. */
const readForm = (maxFileBytes: number): MultipartFormLimits => ({
  maxFileBytes,
  files: 1,
  fields: 2,
});

/** The form's parts by name: 400 with the form's text for a part twice or unknown. */
async function readSource(
  request: FastifyRequest,
  limits: MultipartFormLimits,
  tooLarge: () => HttpError,
): Promise<VisionReadSource> {
  const badForm = () => new HttpError(400, visionServiceTexts.badForm);
  if (!request.isMultipart()) throw badForm();
  const form = await readFormOrRefuse(request, limits, { tooLarge, badForm });
  const source: VisionReadSource = { file: null, imageId: null, languages: null };
  const seen = new Set<string>();
  for (const field of form.fields) {
    if (seen.has(field.name)) throw badForm();
    seen.add(field.name);
    if (field.name === visionReadFields.imageId) {
      const id = field.value.trim();
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw new HttpError(404, errorTexts[404]);
      source.imageId = id;
    } else if (field.name === visionReadFields.languages) {
      source.languages = field.value;
    } else throw badForm();
  }
  for (const file of form.files) {
    if (file.name !== visionReadFields.file) throw badForm();
    source.file = { data: file.data, name: file.fileName };
  }
  return source;
}

/**
 * The vision tool (§7 style): the catalogue, reading a picture as a job (users, and visitors
 * with their key), the caller's reads (pages, one, its picture, its table, deleting it) and
 * answers about one streamed as server-sent events. Every path that names a read answers 404
 * for one the caller does not own. Nothing the user typed, and no text read, is logged.
 */
export const visionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { vision, visionAnswers, storage } = app;
  const limits = { rateLimit: app.rateLimits.api };
  const uploads = app.config.uploads;
  const form = readForm(uploads.maxBytes);
  const tooLarge = () => new HttpError(413, uploadTexts.tooLarge(uploads));

  // Open to visitors: no Authorization header is a visitor; a bearer token must be valid.
  registerRouteScope(app, { access: 'visitors', multipart: form }, (open) => {
    open.get(
      '/vision/catalogue',
      {
        schema: {
          tags: ['vision'],
          summary:
            "The OCR engine and its languages, the chat's models (which can see, which the plan reaches), the default model for describe and ask, and the caller's limits",
          response: { ...readErrorResponses, 200: visionCatalogueResponse, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return vision.catalogue(request.caller);
      },
    );

    open.post(
      '/vision/reads',
      {
        schema: {
          tags: ['vision'],
          summary: 'Read a picture (visitors with X-Visitor-Key, and users): 202 with the job',
          description:
            "multipart/form-data: the picture as `file` (PNG, JPEG, WebP or GIF; checked by its content, limited in bytes and pixels, re-encoded without its metadata) or `imageId` (one of your generated images), and `languages` (`en`, `vi` or `en,vi`; default both). Follow the job at /api/jobs/{id}/events (stages: reading, storing); its result is the read. One picture is taken from today's allowance when it starts and given back if it fails or is cancelled.",
          consumes: ['multipart/form-data'],
          response: {
            ...writeErrorResponses,
            202: visionReadStarted,
            400: errorResponse.describe(
              'No picture, both a picture and an image id, unknown languages, a part the form does not take, a picture that cannot be read, or no visitor key',
            ),
            401: unauthorized,
            404: errorResponse.describe("The image id is not one of the caller's images"),
            413: errorResponse.describe('The file or its pixel count is over the limit'),
            415: errorResponse.describe('Not a PNG, JPEG, WebP or GIF picture'),
            429: quotaOrRateLimit,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const source = await readSource(request, form, tooLarge);
        const caller = startingCaller(request);
        return reply.code(202).send({ job: await vision.start(caller, source) });
      },
    );
  });

  // The caller's reads: a user by bearer token, a visitor by key.
  registerRouteScope(app, { access: 'owners' }, (owned) => {
    owned.get(
      '/vision/reads',
      {
        schema: {
          tags: ['vision'],
          summary: 'Your reads, newest first, without their answers (nextCursor as cursor)',
          querystring: visionReadsQuery,
          response: {
            ...readErrorResponses,
            200: visionReadsPage,
            400: errorResponse.describe('The cursor is not one this API made'),
            401: unauthorized,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { cursor, limit } = request.query;
        return vision.page(jobOwnerOf(request), cursor, limit);
      },
    );

    owned.get(
      '/vision/reads/:id',
      {
        schema: {
          tags: ['vision'],
          summary: 'One of your reads: its text, lines and words with their boxes, and its answers',
          params: idParams,
          response: { ...readErrorResponses, 200: visionRead, 401: unauthorized, 404: notFound },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return vision.get(jobOwnerOf(request), request.params.id);
      },
    );

    owned.delete(
      '/vision/reads/:id',
      {
        schema: {
          tags: ['vision'],
          summary: 'Delete one of your reads, its picture and its answers',
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
        await vision.remove(jobOwnerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    owned.get(
      '/vision/reads/:id/file',
      {
        schema: {
          tags: ['vision'],
          summary: 'The picture of your read, as it was read (re-encoded without its metadata)',
          params: idParams,
          produces: ['image/png', 'image/jpeg', 'image/webp'],
          response: {
            ...readErrorResponses,
            ...storedFileResponses('The picture'),
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const file = await vision.file(jobOwnerOf(request), request.params.id);
        await sendStoredFile(reply, storage, file.key, {
          range: request.headers.range,
          cacheControl: 'private, max-age=3600',
        });
        return reply;
      },
    );

    owned.get(
      '/vision/reads/:id/table',
      {
        schema: {
          tags: ['vision'],
          summary: "Your read's text as a table: CSV (UTF-8 with a BOM) or XLSX",
          description:
            "Rows from the lines (lines side by side are one row), cells where words are more than two character widths apart, columns from the cells' x positions lined up across rows. 409 when the text is not laid out as a table (the read's hasTable says so beforehand).",
          params: idParams,
          querystring: z.object({ format: visionTableFormat.default('csv') }),
          produces: [
            'text/csv',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ],
          response: {
            ...readErrorResponses,
            200: z.instanceof(Buffer).describe('The table, as an attachment'),
            401: unauthorized,
            404: notFound,
            409: errorResponse.describe('No text, or the text is not laid out as a table'),
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const table = await vision.table(
          jobOwnerOf(request),
          request.params.id,
          request.query.format,
        );
        return sendAttachment(reply, table);
      },
    );

    owned.post(
      '/vision/reads/:id/answers',
      {
        attachValidation: true,
        schema: {
          tags: ['vision'],
          summary: 'Describe your picture, ask about it, or translate its text: streamed',
          description:
            'text/event-stream of `event: start|delta|done|error` frames (visionAnswerEvents in packages/contracts). describe and ask send the picture and its text to a model that can see (the asked one, or your first); translate sends the text alone to any model, into `targetLanguage` (default: the other of English and Vietnamese). Each answer counts one chat message (given back when the model said nothing). Closing the connection stops it; the answer is kept as it ended (complete, stopped or failed). Refusals are JSON errors before the stream opens.',
          params: idParams,
          body: visionAnswerRequest,
          response: {
            ...writeErrorResponses,
            200: z.string().describe('text/event-stream'),
            400: errorResponse.describe(
              'Invalid request, no question to ask, an unknown model, or no model that can see',
            ),
            401: unauthorized,
            403: errorResponse.describe(
              'The model needs a higher plan, or the XSRF token is missing',
            ),
            404: notFound,
            409: errorResponse.describe('No text was read to translate'),
            429: quotaOrRateLimit,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const asked = parseOrRefuse(visionAnswerRequest, request.body, ownTexts);
        const read = await vision.owned(jobOwnerOf(request), request.params.id);
        const prepared = visionAnswers.prepare(request.caller, read, asked);
        // Before it is counted: a refused stream costs nothing.
        await app.eventStreams.admit(request, reply);
        const unit = await visionAnswers.take(request.caller);
        const signal = clientGone(reply);
        const stream = openTypedEventStream(request, reply, visionAnswerEvents);
        stream.send('start', {
          answerId: prepared.answerId,
          modelId: prepared.modelId,
          modelName: prepared.modelName,
        });
        try {
          const outcome = await visionAnswers.run(
            prepared,
            unit,
            (text) => stream.send('delta', { text }),
            signal,
          );
          if (outcome.answer.state === 'failed') {
            stream.send('error', { message: outcome.error ?? errorTexts[500] });
          } else if (outcome.answer.state === 'complete') {
            stream.send('done', { answer: outcome.answer });
          }
        } catch (error) {
          // A refusal in words (the picture expired meanwhile) is said; anything else is ours.
          if (error instanceof HttpError) {
            stream.send('error', { message: error.message });
          } else {
            request.log.error({ err: error }, 'vision answer stream failed');
            stream.send('error', { message: errorTexts[500] });
          }
        } finally {
          stream.end();
        }
        return reply;
      },
    );
  });
};
