import {
  errorResponse,
  writerCatalogueResponse,
  writerDocument,
  writerDocumentsPage,
  writerDocumentsQuery,
  writerEditRequest,
  writerExportFormat,
  writerExportRequest,
  writerGenerationRequest,
  writerSavedTemplate,
  writerSavedTemplatesResponse,
  writerSaveTemplateRequest,
  writerStreamEvents,
  writerTexts,
  writerTransformRequest,
  writerVersionsResponse,
} from '@studio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PreparedWriting } from '../../domains/writer/writer-streams.ts';
import { sendAttachment } from '../../http/attachment.ts';
import { clientGone } from '../../http/client-gone.ts';
import { errorTexts, readErrorResponses, writeErrorResponses } from '../../http/errors.ts';
import { openTypedEventStream } from '../../http/event-stream.ts';
import {
  deletedResponse,
  idParams,
  notFoundResponse,
  quotaOrRateLimitResponse,
  unauthorizedResponse as unauthorized,
} from '../../http/route-schemas.ts';
import { ownTextsOf, parseOrRefuse } from '../../http/validation-refusal.ts';
import { signedIn } from '../../plugins/app/auth.ts';
import { registerRouteScope } from '../../plugins/app/route-scope.ts';

const notFound = notFoundResponse('document');
const templateNotFound = notFoundResponse('template');
const quotaOrRateLimit = quotaOrRateLimitResponse("Today's writing allowance");

/** The texts of our own checks go to `message` as they are; zod's others read as §8's 400. */
const ownTexts = ownTextsOf(writerTexts);

/**
 * A template's field problem in its own words (writerTexts' functions name the field, so they
 * are not among ownTexts' fixed strings).
 */
const fieldProblem = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  issues.find((issue) => issue.path[0] === 'fields')?.message;

const fileResponse = z.instanceof(Buffer).describe('The file, as an attachment');
const exportTypes = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/pdf',
  'text/markdown',
];
const streamDescription =
  "text/event-stream of `event: start|delta|done|error` frames (writerStreamEvents in packages/contracts). Counts one of the day's `writing` allowance, given back when the model wrote nothing. A signed-in user's result is kept as a new version of `documentId` (a new document when null); closing the connection stops it and keeps what came as a `stopped` version; a failure keeps nothing new. Visitors send `documentId: null` and nothing is kept. Refusals are JSON errors before the stream opens.";

const streamResponses = {
  ...writeErrorResponses,
  200: z.string().describe('text/event-stream'),
  400: errorResponse.describe(
    'Invalid request (a field the template needs, a passage outside the text), an unknown model, or a visitor naming a document',
  ),
  401: unauthorized,
  403: errorResponse.describe('The model needs a higher plan, or no XSRF token'),
  404: notFound,
  429: quotaOrRateLimit,
};

/** Streams a prepared generation or transform to the client, then ends the stream. */
async function streamWriting(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedWriting,
): Promise<FastifyReply> {
  const { writerStreams, eventStreams } = request.server;
  // Before it is counted: a refused stream costs nothing.
  await eventStreams.admit(request, reply);
  const unit = await writerStreams.take(request.caller);
  const signal = clientGone(reply);
  const stream = openTypedEventStream(request, reply, writerStreamEvents);
  stream.send('start', {
    documentId: prepared.documentId,
    versionId: prepared.versionId,
    modelId: prepared.modelId,
    modelName: prepared.modelName,
  });
  try {
    const outcome = await writerStreams.run(
      prepared,
      unit,
      (text) => stream.send('delta', { text }),
      signal,
    );
    if (outcome.state === 'failed') {
      stream.send('error', {
        message: outcome.error ?? errorTexts[500],
        content: outcome.content,
      });
    } else if (outcome.state === 'complete') {
      stream.send('done', { content: outcome.content, version: outcome.version });
    }
  } catch (error) {
    // Not the error's message: a driver's may quote the values (the user's text).
    request.log.error(
      { event: 'writer_stream_failed', reason: error instanceof Error ? error.name : 'unknown' },
      'a writer stream failed',
    );
    stream.send('error', { message: errorTexts[500], content: prepared.unchanged });
  } finally {
    stream.end();
  }
  return reply;
}

/**
 * The content writer (§7 style): the catalogue, generations and transforms streamed as
 * server-sent events and exports of any Markdown (users, and visitors), a user's documents with
 * their versions, edits, restores and exports, and their saved templates (shared by a link
 * anyone may open). Every path that names a document, a version or a template answers 404 for
 * one the caller does not own. Nothing the user typed, no prompt and no document is logged.
 */
export const writerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { writer, writerStreams } = app;
  const limits = { rateLimit: app.rateLimits.api };

  // Open to visitors: no Authorization header is a visitor; a bearer token must be valid.
  registerRouteScope(app, { access: 'visitors' }, (open) => {
    open.get(
      '/writer/catalogue',
      {
        schema: {
          tags: ['writer'],
          summary:
            "The templates and their fields, the social networks' limits, the chat's models for the plan, and the caller's allowance",
          response: { ...readErrorResponses, 200: writerCatalogueResponse, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return writer.catalogue(request.caller);
      },
    );

    open.post(
      '/writer/generations',
      {
        attachValidation: true,
        schema: {
          tags: ['writer'],
          summary: 'Write a piece from a template: streamed',
          description: streamDescription,
          body: writerGenerationRequest,
          response: streamResponses,
        },
        config: limits,
      },
      async (request, reply) => {
        const asked = parseOrRefuse(writerGenerationRequest, request.body, ownTexts, fieldProblem);
        const prepared = await writerStreams.prepareGeneration(request.caller, asked);
        return streamWriting(request, reply, prepared);
      },
    );

    open.post(
      '/writer/transforms',
      {
        attachValidation: true,
        schema: {
          tags: ['writer'],
          summary:
            'Rewrite, shorten, expand, change the tone of, correct or translate a text, or only a selected passage of it: streamed',
          description: `${streamDescription} With a selection only the passage is sent (with the text around it as context) and the answer is put back in its place: \`done\` carries the whole text.`,
          body: writerTransformRequest,
          response: streamResponses,
        },
        config: limits,
      },
      async (request, reply) => {
        const asked = parseOrRefuse(writerTransformRequest, request.body, ownTexts);
        const prepared = await writerStreams.prepareTransform(request.caller, asked);
        return streamWriting(request, reply, prepared);
      },
    );

    open.post(
      '/writer/exports',
      {
        attachValidation: true,
        schema: {
          tags: ['writer'],
          summary: "Any Markdown (a visitor's document, an unsaved edit) as DOCX, PDF or Markdown",
          body: writerExportRequest,
          produces: exportTypes,
          response: { ...writeErrorResponses, 200: fileResponse, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        const asked = parseOrRefuse(writerExportRequest, request.body, ownTexts);
        return sendAttachment(reply, await writer.exportMarkdown(asked));
      },
    );

    open.get(
      '/writer/templates/shared/:token',
      {
        schema: {
          tags: ['writer'],
          summary: 'A shared template, for anyone with its link (nothing about its owner)',
          params: z.object({ token: z.string().min(1).max(100) }),
          response: { ...readErrorResponses, 200: writerSavedTemplate, 404: templateNotFound },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return writer.shared(request.params.token);
      },
    );
  });

  // A signed-in user's own documents and templates.
  registerRouteScope(app, { access: 'users' }, (users) => {
    const userIdOf = (request: FastifyRequest) => signedIn(request).user.id;

    users.get(
      '/writer/documents',
      {
        schema: {
          tags: ['writer'],
          summary: 'Your documents, newest first, each with the start of it (nextCursor as cursor)',
          querystring: writerDocumentsQuery,
          response: {
            ...readErrorResponses,
            200: writerDocumentsPage,
            400: errorResponse.describe('The cursor is not one this API made'),
            401: unauthorized,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { cursor, limit } = request.query;
        return writer.page(userIdOf(request), cursor, limit);
      },
    );

    users.get(
      '/writer/documents/:id',
      {
        schema: {
          tags: ['writer'],
          summary: 'One of your documents, with its latest content',
          params: idParams,
          response: {
            ...readErrorResponses,
            200: writerDocument,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return writer.get(userIdOf(request), request.params.id);
      },
    );

    users.put(
      '/writer/documents/:id',
      {
        attachValidation: true,
        schema: {
          tags: ['writer'],
          summary:
            'Your edit of a document, kept as a version (`edit`); the same content makes none',
          params: idParams,
          body: writerEditRequest,
          response: {
            ...writeErrorResponses,
            200: writerDocument,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request) => {
        const asked = parseOrRefuse(writerEditRequest, request.body, ownTexts);
        return writer.edit(userIdOf(request), request.params.id, asked);
      },
    );

    users.delete(
      '/writer/documents/:id',
      {
        schema: {
          tags: ['writer'],
          summary: 'Delete one of your documents and its versions',
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
        await writer.remove(userIdOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    users.get(
      '/writer/documents/:id/versions',
      {
        schema: {
          tags: ['writer'],
          summary: "Your document's versions, newest first, each with its content",
          params: idParams,
          response: {
            ...readErrorResponses,
            200: writerVersionsResponse,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { versions: await writer.versions(userIdOf(request), request.params.id) };
      },
    );

    users.post(
      '/writer/documents/:id/versions/:versionId/restore',
      {
        schema: {
          tags: ['writer'],
          summary: "A version's content made the document's again, as a new version (`restore`)",
          params: idParams.extend({ versionId: z.string().min(1).max(100) }),
          response: {
            ...writeErrorResponses,
            200: writerDocument,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request) =>
        writer.restore(userIdOf(request), request.params.id, request.params.versionId),
    );

    users.get(
      '/writer/documents/:id/export',
      {
        schema: {
          tags: ['writer'],
          summary: 'Your document (or one version of it, by number) as DOCX, PDF or Markdown',
          params: idParams,
          querystring: z.object({
            format: writerExportFormat,
            version: z.coerce.number().int().min(1).optional(),
          }),
          produces: exportTypes,
          response: { ...readErrorResponses, 200: fileResponse, 401: unauthorized, 404: notFound },
        },
        config: limits,
      },
      async (request, reply) => {
        const { format, version } = request.query;
        const file = await writer.exportDocument(
          userIdOf(request),
          request.params.id,
          format,
          version,
        );
        return sendAttachment(reply, file);
      },
    );

    users.post(
      '/writer/templates',
      {
        attachValidation: true,
        schema: {
          tags: ['writer'],
          summary: 'Save a template with its fields, tone, length and language set',
          body: writerSaveTemplateRequest,
          response: { ...writeErrorResponses, 201: writerSavedTemplate, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        const asked = parseOrRefuse(
          writerSaveTemplateRequest,
          request.body,
          ownTexts,
          fieldProblem,
        );
        return reply.code(201).send(await writer.saveTemplate(userIdOf(request), asked));
      },
    );

    users.get(
      '/writer/templates',
      {
        schema: {
          tags: ['writer'],
          summary: 'Your saved templates, newest first',
          response: {
            ...readErrorResponses,
            200: writerSavedTemplatesResponse,
            401: unauthorized,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { templates: await writer.templates(userIdOf(request)) };
      },
    );

    users.delete(
      '/writer/templates/:id',
      {
        schema: {
          tags: ['writer'],
          summary: 'Delete one of your templates (its shared link stops working)',
          params: idParams,
          response: {
            ...writeErrorResponses,
            204: deletedResponse,
            401: unauthorized,
            404: templateNotFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        await writer.removeTemplate(userIdOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    users.post(
      '/writer/templates/:id/share',
      {
        schema: {
          tags: ['writer'],
          summary: 'A link anyone may open your template from (the same one when shared before)',
          params: idParams,
          response: {
            ...writeErrorResponses,
            200: writerSavedTemplate,
            401: unauthorized,
            404: templateNotFound,
          },
        },
        config: limits,
      },
      async (request) => writer.share(userIdOf(request), request.params.id),
    );
  });
};
