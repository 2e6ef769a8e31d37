import {
  errorResponse,
  voiceCatalogueResponse,
  voiceClip,
  voiceClipsPage,
  voiceClipsQuery,
  voicePartParams,
  voiceSynthesisJob,
  voiceSynthesisRequest,
  voiceTexts as requestTexts,
} from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Caller } from '../../domains/callers/caller.ts';
import { charactersOf } from '../../domains/voice/voice-job.ts';
import { voiceTexts } from '../../domains/voice/voice-texts.ts';
import { readErrorResponses, writeErrorResponses } from '../../http/errors.ts';
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

const notFound = notFoundResponse('clip');
const jobNotFound = errorResponse.describe(
  "No such job, or not yet (another's job answers the same)",
);
const quotaOrRateLimit = quotaOrRateLimitResponse("Today's characters");
const jobParams = z.object({ jobId: z.string().min(1).max(100) });

/** The texts of our own checks go to `message` as they are; zod's others read as §8's 400. */
const ownTexts = ownTextsOf(requestTexts);

/**
 * The request's fields, checked: 400 with the first of our texts (a text over the longest any
 * plan takes is told the caller's own limit) or §8's, and every problem.
 */
function parseRequest(body: unknown, caller: Caller, requestLimit: number) {
  return parseOrRefuse(voiceSynthesisRequest, body, ownTexts, (issues) => {
    const text = (body as { text?: unknown } | null)?.text;
    const tooLong = issues.some((issue) => issue.path[0] === 'text' && issue.code === 'too_big');
    return tooLong && typeof text === 'string'
      ? voiceTexts.tooLong(charactersOf(text.trim()), requestLimit, caller.kind === 'user')
      : undefined;
  });
}

/**
 * The voice synthesis tool (§7 style): the voices and the caller's allowance, a synthesis as a
 * job (visitors and users), a job's spoken parts while it runs and its clip when done (its
 * owner's: a user by bearer token, a visitor by key), and a signed-in user's clips (pages, one
 * clip, its audio, deleting it). Every path that names a job, a part or a clip answers 404 for
 * one the caller does not own. Nothing of the text is logged.
 */
export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { voice, storage } = app;
  const limits = { rateLimit: app.rateLimits.api };

  // Open to visitors: no Authorization header is a visitor; a bearer token must be valid.
  registerRouteScope(app, { access: 'visitors' }, (open) => {
    open.get(
      '/voice/voices',
      {
        schema: {
          tags: ['voice'],
          summary:
            "Every voice (each with its engine, quality and plan), the defaults, and the caller's characters per request and left today",
          response: { ...readErrorResponses, 200: voiceCatalogueResponse, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return voice.catalogue(request.caller);
      },
    );

    open.post(
      '/voice/syntheses',
      {
        // Checked in the handler, so each refusal says what is wrong in the user's words.
        attachValidation: true,
        schema: {
          tags: ['voice'],
          summary: 'Speak a text (visitors with X-Visitor-Key, and users): 202 with the job',
          description:
            "The text is split at its sentences and spoken part by part: follow the job at /api/jobs/{id}/events (its progress counts the parts spoken in `steps`), play each part from /api/voice/jobs/{jobId}/parts/{index} as it is ready, and the whole clip when the job completes. The text's characters are taken from today's allowance when it starts.",
          body: voiceSynthesisRequest,
          response: {
            ...writeErrorResponses,
            202: voiceSynthesisJob,
            400: errorResponse.describe(
              "Invalid request (`errors` lists each problem): no text, a text over the plan's length, an unknown voice, a voice of another language, a setting the voice cannot take, nothing to say, or no visitor key",
            ),
            401: unauthorized,
            403: errorResponse.describe(
              'The voice needs a higher plan, or the XSRF token is missing',
            ),
            429: quotaOrRateLimit,
            503: errorResponse.describe('Speech is turned off on this server'),
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const caller = startingCaller(request);
        const parsed = parseRequest(request.body, caller, voice.requestLimit(caller));
        return reply.code(202).send(await voice.start(caller, parsed));
      },
    );
  });

  // A job's parts and clip: its owner's, a user by bearer token or a visitor by key.
  registerRouteScope(app, { access: 'owners' }, (owned) => {
    owned.get(
      '/voice/jobs/:jobId/parts/:index',
      {
        schema: {
          tags: ['voice'],
          summary: 'One spoken sentence of your synthesis job, as WAV, once it is ready',
          params: voicePartParams,
          produces: ['audio/wav'],
          response: {
            ...readErrorResponses,
            ...storedFileResponses('The part, as WAV'),
            401: unauthorized,
            404: jobNotFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const { jobId, index } = request.params;
        const file = await voice.part(jobOwnerOf(request), jobId, index);
        await sendStoredFile(reply, storage, file.key, {
          range: request.headers.range,
          cacheControl: 'private, no-store',
        });
        return reply;
      },
    );

    owned.get(
      '/voice/jobs/:jobId/audio',
      {
        schema: {
          tags: ['voice'],
          summary:
            "The clip of your completed synthesis job (a visitor's clip is only here: keep it in the browser)",
          params: jobParams,
          querystring: z.object({ download: z.enum(['0', '1']).optional() }),
          produces: ['audio/mpeg', 'audio/wav', 'audio/ogg'],
          response: {
            ...readErrorResponses,
            ...storedFileResponses('The clip'),
            401: unauthorized,
            404: jobNotFound,
            409: errorResponse.describe('The job has not completed'),
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const file = await voice.jobAudio(jobOwnerOf(request), request.params.jobId);
        await sendStoredFile(reply, storage, file.key, {
          range: request.headers.range,
          cacheControl: 'private, no-store',
          disposition: request.query.download === '1' ? { attachment: file.fileName } : 'inline',
        });
        return reply;
      },
    );
  });

  // A user's clips: signed-in users only.
  registerRouteScope(app, { access: 'users' }, (clips) => {
    clips.get(
      '/voice/clips',
      {
        schema: {
          tags: ['voice'],
          summary: 'Your clips, newest first (pass nextCursor as cursor for the next page)',
          querystring: voiceClipsQuery,
          response: { ...readErrorResponses, 200: voiceClipsPage, 401: unauthorized },
        },
        config: limits,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { cursor, limit } = request.query;
        return voice.clips(signedIn(request).user.id, cursor, limit);
      },
    );

    clips.get(
      '/voice/clips/:id',
      {
        schema: {
          tags: ['voice'],
          summary: 'One of your clips, with the settings that made it',
          params: idParams,
          response: { ...readErrorResponses, 200: voiceClip, 401: unauthorized, 404: notFound },
        },
        config: limits,
      },
      async (request) => voice.get(signedIn(request).user.id, request.params.id),
    );

    clips.get(
      '/voice/clips/:id/audio',
      {
        schema: {
          tags: ['voice'],
          summary: 'The audio of one of your clips (?download=1: as an attachment)',
          params: idParams,
          querystring: z.object({ download: z.enum(['0', '1']).optional() }),
          produces: ['audio/mpeg', 'audio/wav', 'audio/ogg'],
          response: {
            ...readErrorResponses,
            ...storedFileResponses('The clip'),
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const file = await voice.clipFile(signedIn(request).user.id, request.params.id);
        await sendStoredFile(reply, storage, file.key, {
          range: request.headers.range,
          cacheControl: 'private, max-age=86400',
          disposition: request.query.download === '1' ? { attachment: file.fileName } : 'inline',
        });
        return reply;
      },
    );

    clips.delete(
      '/voice/clips/:id',
      {
        schema: {
          tags: ['voice'],
          summary: 'Delete one of your clips and its audio',
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
        await voice.remove(signedIn(request).user.id, request.params.id);
        return reply.code(204).send(null);
      },
    );
  });
};
