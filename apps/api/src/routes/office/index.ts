import {
  errorResponse,
  officeAnswerEvents,
  officeAnswerRequest,
  officeAnswersResponse,
  officeCatalogueResponse,
  officeConversionRequest,
  officeDocument,
  officeDocumentContent,
  officeDocumentsPage,
  officeDocumentsQuery,
  officeGenerationRequest,
  officeJobStarted,
  officeTablesResponse,
  officeTexts,
  officeTranslationRequest,
} from '@studio/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentOwnerOf } from '../../domains/office/office.service.ts';
import { officeServiceTexts } from '../../domains/office/office-texts.ts';
import { sendAttachment } from '../../http/attachment.ts';
import { clientGone } from '../../http/client-gone.ts';
import { openTypedEventStream } from '../../http/event-stream.ts';
import {
  errorTexts,
  HttpError,
  readErrorResponses,
  writeErrorResponses,
} from '../../http/errors.ts';
import { readFormOrRefuse } from '../../http/multipart-form.ts';
import {
  deletedResponse,
  idParams,
  notFoundResponse,
  quotaOrRateLimitResponse,
  unauthorizedResponse as unauthorized,
} from '../../http/route-schemas.ts';
import { ownTextsOf, parseOrRefuse } from '../../http/validation-refusal.ts';
import { jobOwnerCaller, startingCaller } from '../../plugins/app/user-jobs.ts';
import { registerRouteScope } from '../../plugins/app/route-scope.ts';
import { sendStoredFile } from '../../storage/send-object.ts';
import { storedFileResponses } from '../../storage/stored-file-responses.ts';

const notFound = notFoundResponse('document');
// Pages for a read; the chat's messages for an answer, a translation or a generation.
const quotaOrRateLimit = quotaOrRateLimitResponse("Today's allowance (pages or chat messages)");
const tableParams = idParams.extend({ number: z.coerce.number().int().min(1).max(100_000) });
const pageParams = idParams.extend({ page: z.string().regex(/^\d{1,5}\.png$/) });

/** The texts of our own checks go to `message` as they are; zod's others read as §8's 400. */
const ownTexts = ownTextsOf(officeTexts);

/** The documents' owner: a user, or a visitor by their key (after jobOwnerAuthentication). */
const ownerOf = (request: FastifyRequest) => documentOwnerOf(jobOwnerCaller(request));

/**
 * The office tools (§7 style): the catalogue and the caller's allowance; a document uploaded,
 * converted, translated or generated as a job (users, and visitors by their key); the caller's
 * documents and each one's parts, file, tables, a PDF page's picture and answers (summaries
 * and questions streamed with their cited passages). Every path that names a document answers
 * 404 for one the caller does not own. Nothing the user typed or uploaded is logged.
 */
export const officeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { office, officeAnswers, storage } = app;
  const limits = { rateLimit: app.rateLimits.api };
  // The parser takes the largest file any plan reads; the caller's own limit is the service's.
  const largestFile = Math.max(...Object.values(app.config.office.maxFileBytes));
  const uploadForm = { maxFileBytes: largestFile, files: 1, fields: 0 };

  // Open to visitors: no Authorization header is a visitor; a bearer token must be valid.
  registerRouteScope(app, { access: 'visitors' }, (open) => {
    open.get(
      '/office/catalogue',
      {
        schema: {
          tags: ['office'],
          summary:
            "The formats read, the conversions, the formats generated, the chat models for the caller's plan, and the caller's pages a day, left today, largest file and most pages",
          response: { ...readErrorResponses, 200: officeCatalogueResponse, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return office.catalogue(request.caller);
      },
    );

    open.post(
      '/office/generations',
      {
        attachValidation: true,
        schema: {
          tags: ['office'],
          summary: 'Generate a DOCX, XLSX or PPTX from a prompt: 202 with the job',
          description:
            "The chat's model plans the document (structured output), the writers lay it out; the job's result is the new document (operation generate). Takes one of today's chat messages, given back if the job fails or is cancelled. Follow the job at /api/jobs/{id}/events (stages planning, writing, storing).",
          body: officeGenerationRequest,
          response: {
            ...writeErrorResponses,
            202: officeJobStarted,
            400: errorResponse.describe('No prompt, an unknown model, or no visitor key'),
            401: unauthorized,
            403: errorResponse.describe('The model needs a higher plan, or no XSRF token'),
            429: quotaOrRateLimit,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const caller = startingCaller(request);
        const asked = parseOrRefuse(officeGenerationRequest, request.body, ownTexts);
        return reply.code(202).send({ job: await office.generate(caller, asked) });
      },
    );
  });

  // The upload: its own scope, for the multipart parser.
  registerRouteScope(app, { access: 'visitors', multipart: uploadForm }, (upload) => {
    upload.post(
      '/office/documents',
      {
        schema: {
          tags: ['office'],
          summary:
            'Upload a document to read (multipart/form-data, the file in `file`): 202 with the job',
          description:
            "PDF, DOCX, XLSX, PPTX, CSV, text or Markdown, up to the plan's size. The job inspects the file (a refused one fails with `detail.refusal`: unsupported, empty, too-large, too-many-pages, bomb, encrypted, macro, legacy, malformed, timeout, out-of-memory; nothing is kept), reads it, reads scanned PDF pages with OCR, and keeps it (stages inspecting, reading, ocr with steps, storing). One page of today's allowance is taken now; once the pages are known the rest is taken, all given back if the job fails or is cancelled.",
          consumes: ['multipart/form-data'],
          response: {
            ...writeErrorResponses,
            202: officeJobStarted,
            400: errorResponse.describe('Not one file in `file`, or no visitor key'),
            401: unauthorized,
            413: errorResponse.describe("The file is larger than the caller's plan reads"),
            429: quotaOrRateLimit,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const caller = startingCaller(request);
        const form = await readFormOrRefuse(request, uploadForm, {
          tooLarge: () =>
            new HttpError(
              413,
              officeServiceTexts.tooLarge(office.maxFileBytes(caller), caller.kind === 'user'),
            ),
          badForm: () => new HttpError(400, officeServiceTexts.badForm),
        });
        const [file] = form.files;
        if (!file || file.name !== 'file' || form.files.length !== 1) {
          throw new HttpError(400, officeTexts.fileRequired);
        }
        const job = await office.upload(caller, { fileName: file.fileName ?? '', data: file.data });
        return reply.code(202).send({ job });
      },
    );
  });

  // The caller's documents: a user by bearer token, a visitor by key.
  registerRouteScope(app, { access: 'owners' }, (owned) => {
    owned.get(
      '/office/documents',
      {
        schema: {
          tags: ['office'],
          summary: 'Your documents, newest first (pass nextCursor as cursor for the next page)',
          querystring: officeDocumentsQuery,
          response: { ...readErrorResponses, 200: officeDocumentsPage, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { cursor, limit } = request.query;
        return office.list(ownerOf(request), cursor, limit);
      },
    );

    owned.get(
      '/office/documents/:id',
      {
        schema: {
          tags: ['office'],
          summary: 'One of your documents',
          params: idParams,
          response: {
            ...readErrorResponses,
            200: officeDocument,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return office.get(ownerOf(request), request.params.id);
      },
    );

    owned.get(
      '/office/documents/:id/content',
      {
        schema: {
          tags: ['office'],
          summary:
            "Your document's parts (pages, sheets, slides, sections), each with its ref and source (text or ocr)",
          params: idParams,
          response: {
            ...readErrorResponses,
            200: officeDocumentContent,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return office.content(ownerOf(request), request.params.id);
      },
    );

    owned.get(
      '/office/documents/:id/file',
      {
        schema: {
          tags: ['office'],
          summary: "Your document's file, as a download",
          params: idParams,
          response: {
            ...readErrorResponses,
            ...storedFileResponses('The file'),
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const file = await office.file(ownerOf(request), request.params.id);
        await sendStoredFile(reply, storage, file.key, {
          range: request.headers.range,
          cacheControl: 'private, no-store',
          disposition: { attachment: file.fileName },
        });
        return reply;
      },
    );

    owned.delete(
      '/office/documents/:id',
      {
        schema: {
          tags: ['office'],
          summary:
            'Delete one of your documents, its file and its answers (documents made from it stay)',
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
        await office.remove(ownerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    owned.get(
      '/office/documents/:id/tables',
      {
        schema: {
          tags: ['office'],
          summary: "Your document's tables, numbered in order, each with its size and first rows",
          params: idParams,
          response: {
            ...readErrorResponses,
            200: officeTablesResponse,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return office.tables(ownerOf(request), request.params.id);
      },
    );

    owned.get(
      '/office/documents/:id/tables/:number',
      {
        schema: {
          tags: ['office'],
          summary: 'One table of your document as CSV (UTF-8 with BOM) or XLSX, as a download',
          params: tableParams,
          querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
          produces: [
            'text/csv',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ],
          response: {
            ...readErrorResponses,
            200: z.instanceof(Buffer).describe('The table'),
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const { id, number } = request.params;
        const table = await office.table(ownerOf(request), id, number, request.query.format);
        return sendAttachment(reply, table);
      },
    );

    owned.get(
      '/office/documents/:id/pages/:page',
      {
        schema: {
          tags: ['office'],
          summary:
            'A page of your PDF document as it looks (PNG at 100 dpi), to show a cited page: …/pages/3.png',
          params: pageParams,
          produces: ['image/png'],
          response: {
            ...readErrorResponses,
            200: z.instanceof(Buffer).describe('The page'),
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const page = Number.parseInt(request.params.page, 10);
        const png = await office.pagePicture(ownerOf(request), request.params.id, page);
        return (
          reply
            .header('content-type', 'image/png')
            .header('x-content-type-options', 'nosniff')
            // The page never changes: the browser keeps it, and no shared cache does.
            .header('cache-control', 'private, max-age=3600')
            .send(png)
        );
      },
    );

    owned.get(
      '/office/documents/:id/answers',
      {
        schema: {
          tags: ['office'],
          summary: 'The summaries and answers kept for your document, oldest first',
          params: idParams,
          response: {
            ...readErrorResponses,
            200: officeAnswersResponse,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return office.answers(ownerOf(request), request.params.id);
      },
    );

    owned.post(
      '/office/documents/:id/answers',
      {
        attachValidation: true,
        schema: {
          tags: ['office'],
          summary:
            'Summarise your document or ask it a question; the answer streams as server-sent events',
          description:
            "text/event-stream of `event: start|delta|done|error` frames (officeAnswerEvents): start carries the answer's id, its model and the passages it draws on (cited [n] in the text), delta the text, done the kept answer. The passages are chosen by BM25 over the document's own words (a summary's spread across the document). Refusals (validation, ownership, plan, the chat's daily messages) are JSON errors before the stream opens; closing the connection stops the answer, which is kept as stopped.",
          params: idParams,
          body: officeAnswerRequest,
          response: {
            ...writeErrorResponses,
            200: z.string().describe('text/event-stream'),
            400: errorResponse.describe('No question, or an unknown model'),
            401: unauthorized,
            403: errorResponse.describe('The model needs a higher plan, or no XSRF token'),
            404: notFound,
            429: quotaOrRateLimit,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const asked = parseOrRefuse(officeAnswerRequest, request.body, ownTexts);
        const signal = clientGone(reply);
        await app.eventStreams.admit(request, reply);
        const prepared = await officeAnswers.prepare(
          request.caller,
          ownerOf(request),
          request.params.id,
          asked,
        );
        const stream = openTypedEventStream(request, reply, officeAnswerEvents);
        stream.send('start', {
          answerId: prepared.answerId,
          modelId: prepared.modelId,
          modelName: prepared.modelName,
          sources: prepared.sources,
        });
        try {
          const { answer, error } = await officeAnswers.run(
            prepared,
            (text) => stream.send('delta', { text }),
            signal,
          );
          if (error) stream.send('error', { message: error });
          else stream.send('done', { answer });
        } catch (error) {
          request.log.error({ err: error }, 'office answer failed');
          stream.send('error', { message: errorTexts[500] });
        } finally {
          stream.end();
        }
      },
    );

    owned.post(
      '/office/documents/:id/conversions',
      {
        attachValidation: true,
        schema: {
          tags: ['office'],
          summary: 'Convert your document to another format: 202 with the job',
          description:
            "The formats each one converts to are the catalogue's `conversions` (DOCX→PDF, XLSX↔CSV, PDF→text/Markdown/DOCX, PPTX→outline…); the job's result is the new document (operation convert, sourceId this one). Counts nothing.",
          params: idParams,
          body: officeConversionRequest,
          response: {
            ...writeErrorResponses,
            202: officeJobStarted,
            401: unauthorized,
            404: notFound,
            409: errorResponse.describe('This document cannot be converted to that format'),
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const { to } = parseOrRefuse(officeConversionRequest, request.body, ownTexts);
        const job = await office.convert(jobOwnerCaller(request), request.params.id, to);
        return reply.code(202).send({ job });
      },
    );

    owned.post(
      '/office/documents/:id/translations',
      {
        attachValidation: true,
        schema: {
          tags: ['office'],
          summary: 'Translate your document (headings, lists and tables kept): 202 with the job',
          description:
            "Block by block through the chat's model; written as DOCX (from PDF, DOCX, Markdown, text), XLSX (from XLSX, CSV) or PPTX. Takes one of today's chat messages, given back if the job fails or is cancelled.",
          params: idParams,
          body: officeTranslationRequest,
          response: {
            ...writeErrorResponses,
            202: officeJobStarted,
            400: errorResponse.describe('An unknown language or model'),
            401: unauthorized,
            403: errorResponse.describe('The model needs a higher plan, or no XSRF token'),
            404: notFound,
            429: quotaOrRateLimit,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const { to, model } = parseOrRefuse(officeTranslationRequest, request.body, ownTexts);
        const job = await office.translate(jobOwnerCaller(request), request.params.id, to, model);
        return reply.code(202).send({ job });
      },
    );
  });
};
