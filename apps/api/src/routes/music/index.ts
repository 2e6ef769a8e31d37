import {
  errorResponse,
  musicCatalogueResponse,
  musicComposeJob,
  musicComposeRequest,
  musicDescribeRequest,
  musicDescribeResponse,
  musicFamilyResponse,
  musicInstrument,
  musicPiece,
  musicPiecesPage,
  musicPiecesQuery,
  musicTexts,
} from '@studio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerIdOf } from '../../domains/callers/caller.ts';
import type { PieceOwner, MusicFileKind } from '../../domains/music/music.service.ts';
import { sendAttachment } from '../../http/attachment.ts';
import { clientGone } from '../../http/client-gone.ts';
import { HttpError, readErrorResponses, writeErrorResponses } from '../../http/errors.ts';
import {
  deletedResponse,
  idParams,
  quotaOrRateLimitResponse,
  unauthorizedResponse as unauthorized,
} from '../../http/route-schemas.ts';
import { ownTextsOf, parseOrRefuse } from '../../http/validation-refusal.ts';
import { signedIn } from '../../plugins/app/auth.ts';
import { jobOwnerCaller, startingCaller } from '../../plugins/app/user-jobs.ts';
import { registerRouteScope } from '../../plugins/app/route-scope.ts';
import { sendStoredFile } from '../../storage/send-object.ts';
import { storedFileResponses } from '../../storage/stored-file-responses.ts';

const notFound = errorResponse.describe(
  "No such piece, or not yet (another caller's piece or job answers the same)",
);
const quotaOrRateLimit = quotaOrRateLimitResponse("Today's seconds of music");
const stemParams = idParams.extend({ instrument: musicInstrument });

/** The texts of our own checks go to `message` as they are; zod's others read as §8's 400. */
const ownTexts = ownTextsOf(musicTexts);

/** Who owns the pieces this request may read: a user (rows and jobs) or a keyed visitor (jobs). */
function pieceOwnerOf(request: FastifyRequest): PieceOwner {
  const caller = jobOwnerCaller(request);
  return { userId: caller.kind === 'user' ? caller.user.id : null, ownerId: ownerIdOf(caller) };
}

const fileKinds: Record<MusicFileKind, { summary: string; produces: string }> = {
  audio: { summary: 'The piece as MP3 (Range requests answered)', produces: 'audio/mpeg' },
  wav: { summary: 'The piece as lossless WAV', produces: 'audio/wav' },
  midi: { summary: "The piece's MIDI (a Standard MIDI File)", produces: 'audio/midi' },
};

/**
 * The music creator (§7 style): the models and the caller's allowance, a piece as a job
 * (visitors and users), the words of a description turned into settings, a caller's piece and
 * its files (a user's by piece id, anyone's own job by job id: a visitor's piece lives only
 * there), and a signed-in user's pieces (pages, families, deleting one). Every path that names a
 * piece or a job answers 404 for one the caller does not own. Nothing the user typed is logged.
 */
export const musicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { music, musicDescriber, storage } = app;
  const limits = { rateLimit: app.rateLimits.api };

  // Open to visitors: no Authorization header is a visitor; a bearer token must be valid.
  registerRouteScope(app, { access: 'visitors' }, (open) => {
    open.get(
      '/music/models',
      {
        schema: {
          tags: ['music'],
          summary:
            "Every music model (each with its provider, quality, capabilities and plan), the default, and the caller's seconds per piece and left today",
          response: { ...readErrorResponses, 200: musicCatalogueResponse, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return music.catalogue(request.caller);
      },
    );

    open.post(
      '/music/pieces',
      {
        // Checked in the handler, so each refusal says what is wrong in the user's words.
        attachValidation: true,
        schema: {
          tags: ['music'],
          summary: 'Make a piece (visitors with X-Visitor-Key, and users): 202 with the job',
          description:
            "Follow the job at /api/jobs/{id}/events (stages: planning, composing, generating, rendering, stems, encoding, storing); its result is the piece. `from` starts from one of the caller's pieces: `extend` adds `seconds`, `section` writes section `sectionIndex` again, `vary` makes the same settings with another seed. The piece's seconds (for extend, the seconds added; for a section, its length) are taken from today's allowance when it starts and given back if it fails or is cancelled.",
          body: musicComposeRequest,
          response: {
            ...writeErrorResponses,
            202: musicComposeJob,
            400: errorResponse.describe(
              'Invalid request (`errors` lists each problem): a field out of range, an unknown model, a model without the capability asked for, a piece longer than the plan or the model allows, no such section, or no visitor key',
            ),
            401: unauthorized,
            403: errorResponse.describe(
              'The model needs a higher plan, or the XSRF token is missing',
            ),
            404: errorResponse.describe("The piece to start from is not one of the caller's"),
            429: quotaOrRateLimit,
            503: errorResponse.describe('Music is turned off on this server'),
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const caller = startingCaller(request);
        const parsed = parseOrRefuse(musicComposeRequest, request.body, ownTexts);
        try {
          return reply.code(202).send(await music.start(caller, parsed));
        } catch (error) {
          // Music switched off is our own words, not a server error's generic text.
          if (error instanceof HttpError && error.statusCode === 503) {
            return reply.code(503).send({ message: error.message });
          }
          throw error;
        }
      },
    );

    open.post(
      '/music/describe',
      {
        attachValidation: true,
        schema: {
          tags: ['music'],
          summary: "Turn words about a piece into the composer's settings (to show and edit)",
          description:
            "The chat's model reads the words (English or Vietnamese) as structured settings; when it cannot, a keyword reader does (`source: rules`). Nothing is composed and nothing is counted.",
          body: musicDescribeRequest,
          response: {
            ...writeErrorResponses,
            200: musicDescribeResponse,
            400: errorResponse.describe('No words, or too many'),
            401: unauthorized,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const { text } = parseOrRefuse(musicDescribeRequest, request.body, ownTexts);
        reply.header('cache-control', 'no-store');
        return musicDescriber.describe(request.caller, text, clientGone(reply));
      },
    );
  });

  // A piece and its files: its owner's, a user by bearer token or a visitor by key.
  registerRouteScope(app, { access: 'owners' }, (owned) => {
    owned.get(
      '/music/pieces/:id',
      {
        schema: {
          tags: ['music'],
          summary: 'One of your pieces (by piece id, or by the id of the job that made it)',
          params: idParams,
          response: { ...readErrorResponses, 200: musicPiece, 401: unauthorized, 404: notFound },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return music.get(pieceOwnerOf(request), request.params.id);
      },
    );

    for (const [kind, about] of Object.entries(fileKinds) as [
      MusicFileKind,
      (typeof fileKinds)[MusicFileKind],
    ][]) {
      owned.get(
        `/music/pieces/:id/${kind}`,
        {
          schema: {
            tags: ['music'],
            summary: `${about.summary} (?download=1: as an attachment; a visitor's piece is only here, for a while: keep it in the browser)`,
            params: idParams,
            querystring: z.object({ download: z.enum(['0', '1']).optional() }),
            produces: [about.produces],
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
          const file = await music.file(pieceOwnerOf(request), request.params.id, kind);
          await sendStoredFile(reply, storage, file.key, {
            range: request.headers.range,
            cacheControl: 'private, no-store',
            // The player plays the MP3 inline; every other file is a download.
            disposition:
              kind === 'audio' && request.query.download !== '1'
                ? 'inline'
                : { attachment: file.fileName },
          });
          return reply;
        },
      );
    }

    owned.get(
      '/music/pieces/:id/stems/:instrument',
      {
        schema: {
          tags: ['music'],
          summary: 'One instrument of your piece alone (a stem), as WAV',
          params: stemParams,
          produces: ['audio/wav'],
          response: {
            ...readErrorResponses,
            ...storedFileResponses('The stem'),
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const { id, instrument } = request.params;
        const file = await music.stem(pieceOwnerOf(request), id, instrument);
        await sendStoredFile(reply, storage, file.key, {
          range: request.headers.range,
          cacheControl: 'private, no-store',
          disposition: { attachment: file.fileName },
        });
        return reply;
      },
    );

    owned.get(
      '/music/pieces/:id/stems.zip',
      {
        schema: {
          tags: ['music'],
          summary: 'Every stem of your piece in one zip (WAVs, built as it is sent)',
          params: idParams,
          produces: ['application/zip'],
          response: {
            ...readErrorResponses,
            200: z.instanceof(Buffer).describe('The zip, streamed'),
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const zip = await music.stemsZip(pieceOwnerOf(request), request.params.id);
        // Streamed as it is built: the reply's schema types a whole Buffer.
        return sendAttachment(reply as FastifyReply, { contentType: 'application/zip', ...zip });
      },
    );
  });

  // A user's pieces: signed-in users only.
  registerRouteScope(app, { access: 'users' }, (pieces) => {
    pieces.get(
      '/music/pieces',
      {
        schema: {
          tags: ['music'],
          summary: 'Your pieces, newest first (pass nextCursor as cursor for the next page)',
          querystring: musicPiecesQuery,
          response: { ...readErrorResponses, 200: musicPiecesPage, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { cursor, limit } = request.query;
        return music.pieces(signedIn(request).user.id, cursor, limit);
      },
    );

    pieces.get(
      '/music/pieces/:id/family',
      {
        schema: {
          tags: ['music'],
          summary:
            "Your piece's whole family (the first piece, then every piece made from it), parents before children",
          params: idParams,
          response: {
            ...readErrorResponses,
            200: musicFamilyResponse,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return music.family(signedIn(request).user.id, request.params.id);
      },
    );

    pieces.delete(
      '/music/pieces/:id',
      {
        schema: {
          tags: ['music'],
          summary: 'Delete one of your pieces and its files (the pieces made from it stay)',
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
        await music.remove(signedIn(request).user.id, request.params.id);
        return reply.code(204).send(null);
      },
    );
  });
};
