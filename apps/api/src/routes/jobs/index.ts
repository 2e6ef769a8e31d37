import { errorResponse, isFinalJobState, jobStreamEvents, jobView } from '@studio/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readErrorResponses, writeErrorResponses } from '../../http/errors.ts';
import { openTypedEventStream } from '../../http/event-stream.ts';
import { jobOwnerAuthentication, jobOwnerOf } from '../../plugins/app/user-jobs.ts';
import { sendStoredFile } from '../../storage/send-object.ts';

const unauthorized = errorResponse.describe(
  'Missing, invalid, expired or revoked bearer token (and no visitor key instead)',
);
const notFound = errorResponse.describe(
  "No such job (another user's job, or one no user may see, answers the same)",
);
const params = z.object({ id: z.string().min(1).max(100) });

/**
 * A user's background jobs (§7 style, every studio tool's): read one, follow it over
 * server-sent events, cancel it, download its file. Every path checks that the job is the
 * caller's; any other answers 404, never 403, so an id reveals nothing. A visitor (the image
 * tools) follows their jobs with their key (`X-Visitor-Key`) instead of a bearer token; a
 * bearer token that is sent must be valid, whatever else comes with it.
 */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { userJobs, storage } = app;
  const limits = { rateLimit: app.rateLimits.api };
  app.addHook('onRequest', jobOwnerAuthentication(app));

  app.get(
    '/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: 'One of your jobs: its state, progress, error and result',
        params,
        response: { ...readErrorResponses, 200: jobView, 401: unauthorized, 404: notFound },
      },
      config: limits,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return userJobs.get(jobOwnerOf(request), request.params.id);
    },
  );

  app.get(
    '/jobs/:id/events',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Follow one of your jobs (server-sent events)',
        description:
          '`state` first (the job as it is now, as GET /api/jobs/{id}), then `progress` ({percent, stage}) and `state` events until the job is completed, failed or cancelled, when the stream ends. Comment lines are heartbeats. Works whichever process runs the job.',
        produces: ['text/event-stream'],
        params,
        response: {
          ...readErrorResponses,
          200: z.string().describe('text/event-stream of `state` and `progress` events'),
          401: unauthorized,
          404: notFound,
          429: errorResponse.describe(
            'Too many requests, or too many event streams open for you or this job (Retry-After)',
          ),
        },
      },
      config: limits,
    },
    async (request, reply) => {
      const userId = jobOwnerOf(request);
      // Ownership is checked before the stream opens, so a stranger gets a plain 404.
      await userJobs.get(userId, request.params.id);
      await app.eventStreams.admit(request, reply, { job: request.params.id });
      const stream = openTypedEventStream(request, reply, jobStreamEvents);
      let stop = () => {};
      const finish = () => {
        stop();
        stream.end();
      };
      reply.raw.on('close', () => stop());
      stop = await userJobs.follow(userId, request.params.id, {
        onView: (job) => {
          stream.send('state', job);
          if (isFinalJobState(job.state)) finish();
        },
        onProgress: (progress) => stream.send('progress', progress),
        onLost: finish,
      });
      // The client may have left while we subscribed.
      if (!stream.open) stop();
    },
  );

  app.delete(
    '/jobs/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Cancel one of your jobs (queued or running)',
        description:
          'Waits up to 5 s for a running job to stop: 200 with the cancelled job, or 202 with the job still stopping.',
        params,
        response: {
          ...writeErrorResponses,
          200: jobView.describe('The job, cancelled'),
          202: jobView.describe('Cancelling: the job was still stopping (its events tell when)'),
          401: unauthorized,
          404: notFound,
          409: errorResponse.describe(
            'The job had already finished (completed, failed or cancelled)',
          ),
        },
      },
      config: limits,
    },
    async (request, reply) => {
      const { job, stopped } = await userJobs.cancel(jobOwnerOf(request), request.params.id);
      return reply.code(stopped ? 200 : 202).send(job);
    },
  );

  app.get(
    '/jobs/:id/result',
    {
      schema: {
        tags: ['jobs'],
        summary: "Download your completed job's file (Content-Disposition names it)",
        params,
        response: {
          ...readErrorResponses,
          200: z.any().describe('The file, with its content type'),
          401: unauthorized,
          404: errorResponse.describe(
            "No such job (another user's answers the same), or its file has expired",
          ),
          409: errorResponse.describe('The job has not completed, or keeps no file'),
        },
      },
      config: limits,
    },
    async (request, reply) => {
      const file = await userJobs.file(jobOwnerOf(request), request.params.id);
      // Files expire (exports after a day, by the storage sweep); the job may outlive its file.
      await sendStoredFile(reply, storage, file.key, {
        disposition: { attachment: file.fileName },
        cacheControl: 'private, no-store',
      });
      return reply;
    },
  );
};
