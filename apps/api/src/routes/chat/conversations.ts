import {
  chatSendRequest,
  chatSendResponse,
  conversationDetail,
  conversationSummary,
  conversationsQuery,
  conversationsResponse,
  createConversationRequest,
  errorResponse,
  historyResponse,
  pageQuery,
  providerErrorResponse,
  quotaErrorResponse,
  renameConversationRequest,
  rewriteRequest,
  rewriteResponse,
  stopReplyResponse,
  type ChatStreamEventType,
} from '@studio/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChatProviderError } from '../../domains/models/reply-errors.ts';
import { LocalModelBusyError } from '../../domains/providers/index.ts';
import {
  errorTexts,
  HttpError,
  readErrorResponses,
  writeErrorResponses,
} from '../../http/errors.ts';
import { replyOwnerOf } from '../../domains/chat/live-replies.ts';
import { LiveLogGone } from '../../live/live-logs.ts';
import { signedIn } from '../../plugins/app/auth.ts';
import { clientGone } from '../../http/client-gone.ts';
import { openEventStream } from './event-stream.ts';

const unauthorized = errorResponse.describe('Missing, invalid, expired or revoked bearer token');
const notFound = errorResponse.describe(
  "No such conversation (another user's conversation answers the same)",
);
const quotaOrRateLimit = z
  .union([quotaErrorResponse, errorResponse])
  .describe("Today's chat quota is used up (code quota, upgradeUrl), or too many requests");
const providerError = providerErrorResponse.describe(
  'The model provider failed (retryAfterSeconds and Retry-After when its 429 said when to retry)',
);
const idParams = z.object({ id: z.string().min(1).max(100) });
const replyNotFound = errorResponse.describe(
  "No such reply, or it ended more than ten minutes ago (another caller's reply answers the same)",
);
const replyEventsQuery = z.object({
  /** The last event had (as Last-Event-ID, for clients that cannot set the header). */
  after: z.coerce.number().int().min(0).optional(),
});

export const replyTexts = {
  notFound: 'This reply is no longer available. Reload the conversation to see it.',
  gone: 'This reply is no longer available. Reload the conversation to see where it got to.',
} as const;

/** Where a follower resumes: Last-Event-ID when it is a number, else `after`, else the start. */
function afterOf(lastEventId: string | undefined, after: number | undefined): number {
  const fromHeader = lastEventId !== undefined ? Number(lastEventId) : Number.NaN;
  if (Number.isInteger(fromHeader) && fromHeader >= 0) return fromHeader;
  return after ?? 0;
}
const sendErrorResponses = {
  ...writeErrorResponses,
  401: errorResponse.describe('A bearer token was sent but is invalid or expired (renew it)'),
  403: errorResponse.describe('The model needs a higher plan, or the XSRF token is missing'),
  404: errorResponse.describe('Conversation, message or image not found (or not yours)'),
  429: quotaOrRateLimit,
  503: errorResponse.describe('The local model is busy: its queue is full (try again shortly)'),
};

/**
 * Chat (§3 Chat send request, §5, §7 Chat): sending (JSON and server-sent events), a signed-in
 * user's conversations and history, and rewriting. Sending and rewriting are open to visitors
 * (nothing stored, a daily quota per hashed address); everything that names a conversation
 * answers 404 for one the caller does not own, on every path to it.
 */
export const chatConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { replies, rewrites, conversations, live } = app.chat;
  const limits = { rateLimit: app.rateLimits.api };

  /**
   * A full local-model queue's 503 and a provider's 502/504 carry their own
   * bodies; the rest is the app's.
   */
  function answerChatError(reply: FastifyReply, error: unknown) {
    if (error instanceof LocalModelBusyError) {
      return reply.code(503).send({ message: error.message });
    }
    if (error instanceof ChatProviderError) {
      // The provider's hint, as HTTP says it too (the body carries the same number).
      if (error.retryAfterSeconds !== null) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply.code(error.statusCode).send(error.body);
    }
    throw error;
  }

  /**
   * Streams a reply's live log to this connection from after `after`, each event with its
   * number (for Last-Event-ID), until the reply's last event or the client leaves.
   */
  async function followReply(
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    after: number,
  ): Promise<void> {
    const signal = clientGone(reply);
    const stream = openEventStream(request, reply);
    try {
      for await (const entry of live.follow(id, after, signal)) {
        stream.send(entry.type as ChatStreamEventType, entry.data as never, entry.seq);
      }
    } catch (error) {
      if (error instanceof LiveLogGone) {
        stream.send('error', { message: replyTexts.gone, code: 'interrupted', partial: null });
      } else {
        request.log.error({ err: error }, 'chat stream failed');
        stream.send('error', { message: errorTexts[500], partial: null });
      }
    } finally {
      stream.end();
    }
  }

  app.register(async (scope) => {
    const open = scope.withTypeProvider<ZodTypeProvider>();
    open.addHook('onRequest', app.identify);

    open.post(
      '/chat/send',
      {
        schema: {
          tags: ['chat'],
          summary: 'Send a message and get the whole reply (visitors and users)',
          body: chatSendRequest,
          response: {
            ...sendErrorResponses,
            200: chatSendResponse,
            499: errorResponse.describe(
              'The client went away; what was written is kept as stopped',
            ),
            502: providerError,
            504: errorResponse.describe('The model provider took too long'),
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const signal = clientGone(reply);
        try {
          const prepared = await replies.prepare(request.caller, request.body);
          const outcome = await replies.run(prepared, () => {}, signal);
          if (outcome.kind === 'stopped' || outcome.kind === 'interrupted') {
            return reply.code(499).send({ message: 'The request was cancelled.' });
          }
          if (outcome.kind === 'failed') return answerChatError(reply, outcome.error);
          return {
            conversationId: prepared.conversation?.id ?? null,
            title: outcome.title,
            userMessage: prepared.userMessage,
            message: outcome.message,
            audio: outcome.audio,
          };
        } catch (error) {
          return answerChatError(reply, error);
        }
      },
    );

    open.post(
      '/chat/stream',
      {
        schema: {
          tags: ['chat'],
          summary: 'Send a message; the reply streams as server-sent events',
          description:
            'text/event-stream of `event: start|queue|delta|speech|done|error` frames with JSON `data` (chatStreamEvents in packages/contracts): start, queue* (the local model only: the place in line while it answers others), delta* with, when ReturnAudio is set, speech* among them (each sentence spoken as soon as it is complete, in order, the last ones just before done), then done or error. Refusals (validation, plan, ownership, quota, a full local-model queue) are JSON errors before the stream opens. Speech that fails stops the speech events and is logged; the text still arrives. A comment frame (`: keep-alive`) comes every 15 s.',
          body: chatSendRequest,
          response: {
            ...sendErrorResponses,
            200: z.string().describe('text/event-stream'),
          },
        },
        config: limits,
      },
      async (request, reply) => {
        // Before the message is stored and counted: a refused stream costs nothing.
        await app.eventStreams.admit(request, reply);
        let prepared;
        try {
          prepared = await replies.prepare(request.caller, request.body);
        } catch (error) {
          return answerChatError(reply, error);
        }
        // The reply is written to its live log whoever follows it: this connection going away
        // no longer stops it (a stop does), and a reload or another tab picks it up again.
        await live.start(prepared, replyOwnerOf(request.caller), () =>
          // From the request's arrival: what the person waits before the reply starts.
          app.metrics.chatFirstToken.observe({ model: prepared.modelId }, reply.elapsedTime / 1000),
        );
        await followReply(request, reply, prepared.assistantMessageId, 0);
      },
    );

    open.get(
      '/chat/replies/:id/events',
      {
        schema: {
          tags: ['chat'],
          summary: 'Follow a reply being written (or just written), from where you were',
          description:
            "The same text/event-stream as POST /api/chat/stream, from any instance: the events after Last-Event-ID (or `after`; none: from the start), then each new one live, to the reply's last (done, stopped or error). Open to the reply's owner for ten minutes after it ends; anyone else is answered 404.",
          params: idParams,
          querystring: replyEventsQuery,
          headers: z.object({ 'last-event-id': z.string().max(20).optional() }),
          response: {
            ...readErrorResponses,
            200: z.string().describe('text/event-stream'),
            404: replyNotFound,
          },
        },
        config: limits,
      },
      async (request, reply) => {
        const { id } = request.params;
        if ((await live.ownerOf(id)) !== replyOwnerOf(request.caller)) {
          throw new HttpError(404, replyTexts.notFound);
        }
        const after = afterOf(request.headers['last-event-id'], request.query.after);
        await app.eventStreams.admit(request, reply);
        await followReply(request, reply, id, after);
      },
    );

    open.post(
      '/chat/replies/:id/stop',
      {
        schema: {
          tags: ['chat'],
          summary: 'Stop a reply being written, whichever instance writes it',
          description:
            'The instance writing it aborts the model call and keeps what was written as stopped; its followers get the `stopped` event. `stopping` is false when the reply had ended already.',
          params: idParams,
          response: {
            ...writeErrorResponses,
            200: stopReplyResponse,
            404: replyNotFound,
          },
        },
        config: limits,
      },
      async (request) => {
        const { id } = request.params;
        if ((await live.ownerOf(id)) !== replyOwnerOf(request.caller)) {
          throw new HttpError(404, replyTexts.notFound);
        }
        return { stopping: await live.stop(id) };
      },
    );

    open.post(
      '/chat/rewrite',
      {
        schema: {
          tags: ['chat'],
          summary: 'Rewrite a text by an instruction (shorter, formal, translate…)',
          body: rewriteRequest,
          response: {
            ...sendErrorResponses,
            200: rewriteResponse,
            502: providerError,
            504: errorResponse.describe('The model provider took too long'),
          },
        },
        config: limits,
      },
      async (request, reply) => {
        try {
          return await rewrites.rewrite(request.caller, request.body, clientGone(reply));
        } catch (error) {
          return answerChatError(reply, error);
        }
      },
    );
  });

  app.register(async (scope) => {
    const owned = scope.withTypeProvider<ZodTypeProvider>();
    owned.addHook('onRequest', app.authenticate);
    const userId = (request: FastifyRequest) => signedIn(request).user.id;

    owned.post(
      '/chat/conversation',
      {
        schema: {
          tags: ['chat'],
          summary: 'Start a conversation',
          body: createConversationRequest,
          response: {
            ...writeErrorResponses,
            201: conversationSummary,
            401: unauthorized,
            403: errorResponse.describe('The model needs a higher plan, or no XSRF token'),
          },
        },
        config: limits,
      },
      async (request, reply) =>
        reply.code(201).send(await conversations.create(signedIn(request).user, request.body)),
    );

    owned.get(
      '/chat/conversations',
      {
        schema: {
          tags: ['chat'],
          summary: "The user's conversations, newest first; search matches titles and messages",
          querystring: conversationsQuery,
          response: { ...readErrorResponses, 200: conversationsResponse, 401: unauthorized },
        },
        config: limits,
      },
      async (request) => conversations.list(userId(request), request.query),
    );

    owned.get(
      '/chat/history/:id',
      {
        schema: {
          tags: ['chat'],
          summary: 'A page of messages; page 1 is the newest, each page oldest first',
          params: idParams,
          querystring: pageQuery,
          response: {
            ...readErrorResponses,
            200: historyResponse,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request) => conversations.history(userId(request), request.params.id, request.query),
    );

    owned.get(
      '/chat/:id',
      {
        schema: {
          tags: ['chat'],
          summary: 'A conversation with its latest 50 messages (oldest first)',
          params: idParams,
          response: {
            ...readErrorResponses,
            200: conversationDetail,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request) => conversations.detail(userId(request), request.params.id),
    );

    owned.patch(
      '/chat/:id',
      {
        schema: {
          tags: ['chat'],
          summary: 'Rename a conversation',
          params: idParams,
          body: renameConversationRequest,
          response: {
            ...writeErrorResponses,
            200: conversationSummary,
            401: unauthorized,
            404: notFound,
          },
        },
        config: limits,
      },
      async (request) =>
        conversations.rename(userId(request), request.params.id, request.body.title),
    );

    owned.delete(
      '/chat/:id',
      {
        schema: {
          tags: ['chat'],
          summary: 'Delete a conversation with its messages and share links',
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
        await conversations.delete(userId(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  });
};
