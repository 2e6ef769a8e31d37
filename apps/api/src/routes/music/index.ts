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
  quotaErrorResponse,
} from '@studio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z as zod } from 'zod';
import { z } from 'zod';
import { keyedCaller, ownerIdOf } from '../../domains/callers/caller.ts';
import type { PieceOwner, MusicFileKind } from '../../domains/music/music.service.ts';
import { musicServiceTexts } from '../../domains/music/music-texts.ts';
import { QuotaExceededError } from '../../domains/usage/quota-errors.ts';
import {
  errorTexts,
  HttpError,
  readErrorResponses,
  writeErrorResponses,
} from '../../http/errors.ts';
import { signedIn } from '../../plugins/app/auth.ts';
import { jobOwnerAuthentication } from '../../plugins/app/user-jobs.ts';
import { sendObject } from '../../storage/send-object.ts';
import { storedFileResponses } from '../../storage/stored-file-responses.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');
const notFound = errorResponse.describe(
  "No such piece, or not yet (another caller's piece or job answers the same)",
);
const quotaOrRateLimit = z
  .union([quotaErrorResponse, errorResponse])
  .describe(
    "Today's seconds of music do not cover the piece (code quota; remaining says what is left, refusedBy whether the caller's own limit or their address's visitor ceiling), or too many requests",
  );
const idParams = z.object({ id: z.string().min(1).max(100) });
const stemParams = idParams.extend({ instrument: musicInstrument });

/** The texts of our own checks go to `message` as they are; zod's others read as §8's 400. */
const ownTexts = new Set<string>(Object.values(musicTexts));

/** 400 with the first of our texts or §8's, and every problem as "field: problem". */
function refusal(issues: readonly zod.core.$ZodIssue[]) {
  const own = issues.find((issue) => ownTexts.has(issue.message));
  return {
    message: own?.message ?? errorTexts[400],
    errors: issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`),
  };
}

/** Who owns the pieces this request may read: a user (rows and jobs) or a keyed visitor (jobs). */
function pieceOwnerOf(request: FastifyRequest): PieceOwner {
  const caller = keyedCaller(request.caller);
  if (caller) {
    return {
      userId: caller.kind === 'user' ? caller.user.id : null,
      ownerId: ownerIdOf(caller),
    };
  }
  const { user } = signedIn(request);
  return { userId: user.id, ownerId: user.id };
}

/** Aborts when the client goes away before the answer (the describe call stops with it). */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) controller.abort(new Error('client closed the connection'));
  });
  return controller.signal;
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
  app.register(async (scope) => {
    const open = scope.withTypeProvider<ZodTypeProvider>();
    open.addHook('onRequest', app.identify);

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
        const caller = keyedCaller(request.caller);
        if (!caller) throw new HttpError(400, musicServiceTexts.visitorKeyRequired);
        const parsed = musicComposeRequest.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send(refusal(parsed.error.issues));
        try {
          return reply.code(202).send(await music.start(caller, parsed.data));
        } catch (error) {
          if (error instanceof QuotaExceededError) return reply.code(429).send(error.body);
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
        const parsed = musicDescribeRequest.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send(refusal(parsed.error.issues));
        reply.header('cache-control', 'no-store');
        return musicDescriber.describe(request.caller, parsed.data.text, clientGone(reply));
      },
    );
  });

  // A piece and its files: its owner's, a user by bearer token or a visitor by key.
  app.register(async (scope) => {
    const owned = scope.withTypeProvider<ZodTypeProvider>();
    owned.addHook('onRequest', jobOwnerAuthentication(app));

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
          const sent = await sendObject(reply, storage, file.key, {
            range: request.headers.range,
            cacheControl: 'private, no-store',
            // The player plays the MP3 inline; every other file is a download.
            disposition:
              kind === 'audio' && request.query.download !== '1'
                ? 'inline'
                : { attachment: file.fileName },
          });
          if (!sent) throw new HttpError(404, errorTexts[404]);
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
        const sent = await sendObject(reply, storage, file.key, {
          range: request.headers.range,
          cacheControl: 'private, no-store',
          disposition: { attachment: file.fileName },
        });
        if (!sent) throw new HttpError(404, errorTexts[404]);
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
        const ascii = zip.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
        // Streamed as it is built: the reply's schema types a whole Buffer.
        const streamed: FastifyReply = reply;
        return streamed
          .header('content-type', 'application/zip')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(zip.fileName)}`,
          )
          .send(zip.body);
      },
    );
  });

  // A user's pieces: signed-in users only.
  app.register(async (scope) => {
    const pieces = scope.withTypeProvider<ZodTypeProvider>();
    pieces.addHook('onRequest', app.authenticate);

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
            204: z.null().describe('Deleted'),
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
