import { createHash, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorTexts, HttpError } from '../../http/errors.ts';
import {
  createMemoryStreamSlots,
  createRedisStreamSlots,
  type StreamSlotLimit,
} from '../../http/stream-slots.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The server-sent event streams (chat replies, job progress): how many each caller and each
     * job may hold open (admit), the ones open now (counted by the metrics), and ending them all
     * when a shutdown's grace period is over (server.ts).
     */
    eventStreams: {
      /**
       * Takes a slot for the stream this request is about to open, under its caller's limit and,
       * for a job's events, the job's; throws a 429 (with Retry-After) when either is full. The
       * slot is given back when the response closes, however it ends (the stream's end, the
       * client going away, an error before the stream opened, a shutdown).
       */
      admit(request: FastifyRequest, reply: FastifyReply, scope?: { job: string }): Promise<void>;
      /** Whether admit() took this request's slot: http/event-stream.ts opens no stream without. */
      admitted(request: FastifyRequest): boolean;
      /** http/event-stream.ts hands each stream it opens here; it leaves by itself on close. */
      track(response: ServerResponse): void;
      readonly open: number;
      /** Ends every stream still open (the client sees the stream end and may retry). */
      endAll(): void;
    };
  }
}

/** Streams end as their replies and jobs do, often within seconds: worth trying again soon. */
const retryAfterSeconds = 5;

export const eventStreamsTexts = {
  perCaller: (limit: number) =>
    `events: ${limit} event streams are open for you already (other tabs or replies); close one and try again`,
  perJob: (limit: number) =>
    `events: ${limit} event streams follow this job already; close one and try again`,
} as const;

/**
 * Who a stream is counted against: a signed-in user by their id, anyone else by their address
 * (a visitor's key is free to make, so it bounds nothing), hashed so Redis holds no address.
 */
function callerOf(request: FastifyRequest): string {
  if (request.auth) return `user:${request.auth.user.id}`;
  return `address:${createHash('sha256').update(request.ip).digest('base64url').slice(0, 22)}`;
}

export const eventStreamsPlugin = fp(
  async (app) => {
    const limits = app.config.eventStreams;
    const slots = app.redis
      ? createRedisStreamSlots({ client: app.redis.client, keyPrefix: app.redis.keyPrefix })
      : createMemoryStreamSlots();
    const admittedRequests = new WeakSet<FastifyRequest>();
    const open = new Set<ServerResponse>();
    app.addHook('onClose', async () => slots.close());

    app.decorate('eventStreams', {
      async admit(request, reply, scope) {
        const caller: StreamSlotLimit = {
          key: `caller:${callerOf(request)}`,
          limit: limits.perCaller,
        };
        const job: StreamSlotLimit | null = scope
          ? { key: `job:${scope.job}`, limit: limits.perJob }
          : null;
        const wanted = job ? [caller, job] : [caller];
        const id = randomUUID();
        let full: StreamSlotLimit | null;
        try {
          full = await slots.take(wanted, id);
        } catch (error) {
          // Redis unreachable for a moment: a limit is a guard, not the stream's purpose.
          request.log.warn({ err: error }, 'event stream limits unavailable; stream admitted');
          admittedRequests.add(request);
          return;
        }
        if (full) {
          const perJob = full.key === job?.key;
          request.log.info(
            { event: 'event_streams_full', scope: perJob ? 'job' : 'caller', limit: full.limit },
            'event stream refused',
          );
          throw new HttpError(
            429,
            errorTexts[429],
            [
              perJob
                ? eventStreamsTexts.perJob(full.limit)
                : eventStreamsTexts.perCaller(full.limit),
            ],
            { headers: { 'retry-after': String(retryAfterSeconds) } },
          );
        }
        admittedRequests.add(request);
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          slots
            .release(
              wanted.map(({ key }) => key),
              id,
            )
            .catch((error: unknown) =>
              request.log.warn({ err: error }, 'event stream slot not given back'),
            );
        };
        // 'close' comes once the response is done, whichever way: sent, ended, or cut off.
        reply.raw.once('close', release);
        if (reply.raw.destroyed) release();
      },
      admitted: (request) => admittedRequests.has(request),
      track(response) {
        open.add(response);
        response.on('close', () => open.delete(response));
      },
      get open() {
        return open.size;
      },
      endAll() {
        for (const response of open) response.end();
      },
    });
  },
  { name: 'event-streams', dependencies: ['config', 'redis'] },
);
