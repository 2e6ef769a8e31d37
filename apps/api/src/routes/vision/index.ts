import {
  errorResponse,
  quotaErrorResponse,
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z as zod } from 'zod';
import { z } from 'zod';
import { keyedCaller } from '../../domains/callers/caller.ts';
import { uploadTexts } from '../../domains/uploads/image-processing.ts';
import { QuotaExceededError } from '../../domains/usage/quota-errors.ts';
import { visionServiceTexts } from '../../domains/vision/vision-texts.ts';
import type { VisionReadSource } from '../../domains/vision/vision.service.ts';
import {
  errorTexts,
  HttpError,
  readErrorResponses,
  writeErrorResponses,
} from '../../http/errors.ts';
import { openTypedEventStream } from '../../http/event-stream.ts';
import {
  type MultipartFormLimits,
  readMultipartForm,
  registerMultipartForm,
  UnexpectedFormPartsError,
} from '../../http/multipart-form.ts';
import { FilePartTooLargeError } from '../../http/read-file-part.ts';
import { jobOwnerAuthentication, jobOwnerOf } from '../../plugins/app/user-jobs.ts';
import { sendObject } from '../../storage/send-object.ts';
import { storedFileResponses } from '../../storage/stored-file-responses.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');
const notFound = errorResponse.describe(
  "No such read, or it is no longer kept (another caller's read answers the same)",
);
const quotaOrRateLimit = z
  .union([quotaErrorResponse, errorResponse])
  .describe(
    "Today's allowance is used up (code quota; remaining says what is left, refusedBy whether the caller's own limit or their address's visitor ceiling), or too many requests",
  );
const idParams = z.object({ id: z.string().min(1).max(100) });

/** The texts of our own checks go to `message` as they are; zod's others read as §8's 400. */
const ownTexts = new Set<string>(Object.values(visionTexts));

/** 400 with the first of our texts or §8's, and every problem as "field: problem". */
function refusal(issues: readonly zod.core.$ZodIssue[]) {
  const own = issues.find((issue) => ownTexts.has(issue.message));
  return {
    message: own?.message ?? errorTexts[400],
    errors: issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`),
  };
}

/** Aborts when the client goes away before the answer ends (the model's stream stops with it). */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('client closed the connection'));
  });
  return controller.signal;
}

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
  let form;
  try {
    form = await readMultipartForm(request, limits);
  } catch (error) {
    if (error instanceof FilePartTooLargeError) throw tooLarge();
    if (error instanceof UnexpectedFormPartsError) throw badForm();
    throw error;
  }
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
  app.register(async (scope) => {
    const open = scope.withTypeProvider<ZodTypeProvider>();
    await registerMultipartForm(open, form);
    open.addHook('onRequest', app.identify);

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
        const caller = keyedCaller(request.caller);
        const source = await readSource(request, form, tooLarge);
        if (!caller) throw new HttpError(400, visionServiceTexts.visitorKeyRequired);
        try {
          return reply.code(202).send({ job: await vision.start(caller, source) });
        } catch (error) {
          if (error instanceof QuotaExceededError) return reply.code(429).send(error.body);
          throw error;
        }
      },
    );
  });

  // The caller's reads: a user by bearer token, a visitor by key.
  app.register(async (scope) => {
    const owned = scope.withTypeProvider<ZodTypeProvider>();
    owned.addHook('onRequest', jobOwnerAuthentication(app));

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
            204: z.null().describe('Deleted'),
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
        const sent = await sendObject(reply, storage, file.key, {
          range: request.headers.range,
          cacheControl: 'private, max-age=3600',
        });
        if (!sent) throw new HttpError(404, errorTexts[404]);
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
        const ascii = table.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
        return reply
          .header('content-type', table.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(table.fileName)}`,
          )
          .send(table.body);
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
        const parsed = visionAnswerRequest.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send(refusal(parsed.error.issues));
        const read = await vision.owned(jobOwnerOf(request), request.params.id);
        const prepared = visionAnswers.prepare(request.caller, read, parsed.data);
        // Before it is counted: a refused stream costs nothing.
        await app.eventStreams.admit(request, reply);
        let unit;
        try {
          unit = await visionAnswers.take(request.caller);
        } catch (error) {
          if (error instanceof QuotaExceededError) return reply.code(429).send(error.body);
          throw error;
        }
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
          request.log.error({ err: error }, 'vision answer stream failed');
          stream.send('error', { message: errorTexts[500] });
        } finally {
          stream.end();
        }
        return reply;
      },
    );
  });
};
