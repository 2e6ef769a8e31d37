import { errorResponse, libraryImportResponse, libraryPage, libraryQuery } from '@studio/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { readErrorResponses, writeErrorResponses } from '../../http/errors.ts';
import { registerMultipartForm } from '../../http/multipart-form.ts';
import { signedIn } from '../../plugins/app/auth.ts';
import { importFormLimits, readImportForm } from './import-form.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');

/**
 * The library (§7 style), signed-in users only: every tool's things in one list (each deleted on
 * its own tool's route), and moving one thing a visitor made in this browser into the account.
 * Nothing the user typed (search words, prompts) is logged.
 */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { library } = app;
  const limits = { rateLimit: app.rateLimits.api };

  app.register(async (scope) => {
    const signedInOnly = scope.withTypeProvider<ZodTypeProvider>();
    await registerMultipartForm(signedInOnly, importFormLimits);
    signedInOnly.addHook('onRequest', app.authenticate);

    signedInOnly.get(
      '/library',
      {
        schema: {
          tags: ['library'],
          summary:
            'Your pictures, voice clips and pieces of music in one list, newest first (kind filters, q searches the words each was made from)',
          description:
            "Pass nextCursor as cursor (with the same kind and q) for the next page. Each item is its tool's own view (generatedImage, voiceClip, musicPiece) with its file URLs.",
          querystring: libraryQuery,
          response: {
            ...readErrorResponses,
            200: libraryPage,
            400: errorResponse.describe('A cursor this API did not give, or a bad kind or limit'),
            401: unauthorized,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return library.page(signedIn(request).user.id, request.query);
      },
    );

    signedInOnly.post(
      '/library/imports',
      {
        schema: {
          tags: ['library'],
          summary:
            'Move one thing a visitor made in this browser into your account: 201 with it (200 with the earlier copy when moved before)',
          description:
            'multipart/form-data: `kind` (image | clip | piece), `item` (its JSON as the browser keeps it), `parentId` (optional: your copy of the thing it came from; dropped when not yours), then its files: `file` (an image’s PNG, a clip’s MP3/WAV/Ogg, a piece’s MP3) and for a piece `wav`, `midi`, `stems` (zip) and `stem:<instrument>` (WAV). Each file is checked for what it claims to be. Takes nothing from the tools’ daily allowances; at most LIBRARY_IMPORTS_PER_DAY a day.',
          consumes: ['multipart/form-data'],
          response: {
            ...writeErrorResponses,
            200: libraryImportResponse.describe('Moved before: the earlier copy'),
            201: libraryImportResponse.describe('Moved: the new copy'),
            400: errorResponse.describe(
              'Not one of the kinds, an item that cannot be read, a file missing or not what the item says',
            ),
            401: unauthorized,
            409: errorResponse.describe('Being moved by another request at the same time'),
            413: errorResponse.describe('A file over its size cap'),
            429: errorResponse.describe(
              'As many moved in today as a day allows, or too many requests',
            ),
            503: errorResponse.describe('The object store cannot be reached; try again shortly'),
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const form = await readImportForm(request);
        const result = await library.import(signedIn(request).user.id, form);
        return reply.code(result.created ? 201 : 200).send(result);
      },
    );
  });
};
