import fp from 'fastify-plugin';
import { z } from 'zod';
import { createChatRepository } from '../../domains/chat/chat.repository.ts';
import type { ChatDependencies } from '../../domains/chat/chat-dependencies.ts';
import {
  type ConversationsService,
  createConversationsService,
} from '../../domains/chat/conversations.service.ts';
import { resolveModel } from '../../domains/models/model-access.ts';
import { createQuota, type Quota } from '../../domains/usage/message-quota.ts';
import { createReplyService, type ReplyService } from '../../domains/chat/reply.service.ts';
import { createLiveReplies, type LiveReplies } from '../../domains/chat/live-replies.ts';
import { createRewriteService, type RewriteService } from '../../domains/chat/rewrite.service.ts';
import type { ModelRegistry } from '../../domains/models/model-registry.ts';
import type { SpeechService } from '../../domains/speech/speech-service.ts';
import type { UploadService } from '../../domains/uploads/upload-service.ts';
import { createQuotaCounter } from '../../domains/usage/create-quota-counter.ts';

/** Tests hand in their own model registry, speech and uploads; the app's are used otherwise. */
export interface ChatPluginOptions {
  models?: ModelRegistry;
  speech?: SpeechService;
  uploads?: UploadService;
}

export interface Chat {
  /** Sending: a reply, whole or streamed, stored in the user's conversation (visitors: not). */
  replies: ReplyService;
  /** Streamed replies, written apart from their connections: followed and stopped from anywhere. */
  live: LiveReplies;
  rewrites: RewriteService;
  /** The daily message quota (other tools' answers on the chat's models count here too). */
  quota: Quota;
  /** A signed-in user's conversations: create, list, history, rename, delete. */
  conversations: ConversationsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    chat: Chat;
  }
}

/** How often replies whose writer died are looked for (a follower notices its own sooner). */
const repliesSweepIntervalMs = 30_000;

/** Chat's services over one repository and one daily quota (visitors and users alike). */
export const chatPlugin = fp<ChatPluginOptions>(
  async (app, options) => {
    const { config, log } = app;
    const repository = createChatRepository(app.db);
    const now = () => app.now();
    const services: ChatDependencies = {
      models: () => options.models ?? app.models,
      speech: () => options.speech ?? app.speech,
      uploads: () => options.uploads ?? app.uploads,
    };
    const quota = createQuota({
      counter: createQuotaCounter(app),
      limits: config.chat.dailyLimits,
      now,
    });
    const { timeoutMs, idleTimeoutMs } = config.chat;
    const replies = createReplyService({
      repository,
      quota,
      services,
      timeoutMs,
      idleTimeoutMs,
      now,
      log,
    });
    const live = createLiveReplies({ logs: app.liveLogs, replies, repository, now, log });
    if (app.redis) {
      // Replies whose process died while nobody followed them are saved by whoever runs this
      // (a follower that notices saves its own at once).
      const sweep = app.jobs.define({
        kind: 'chat.replies.sweep',
        payload: z.object({}),
        result: z.object({ ended: z.number() }),
        attempts: 1,
        run: async () => ({ ended: await live.sweep() }),
      });
      await app.jobs.every(sweep, repliesSweepIntervalMs);
    }
    app.decorate('chat', {
      replies,
      live,
      rewrites: createRewriteService({ quota, services, timeoutMs, now, log }),
      quota,
      conversations: createConversationsService({
        repository,
        now,
        checkModel: (user, modelId) =>
          void resolveModel(services.models(), { kind: 'user', user }, modelId),
        liveReplyIn: (id) => live.runningIn(id),
      }),
    });
  },
  {
    name: 'chat',
    dependencies: [
      'config',
      'database',
      'redis',
      'jobs',
      'live-logs',
      'auth',
      'models',
      'speech',
      'uploads',
    ],
  },
);
