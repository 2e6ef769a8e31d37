import fp from 'fastify-plugin';
import type { ModelRegistry } from '../../domains/models/model-registry.ts';
import { createQuotaCounter } from '../../domains/usage/create-quota-counter.ts';
import { createWriterQuota } from '../../domains/writer/writer-quota.ts';
import { createWriterStreams, type WriterStreams } from '../../domains/writer/writer-streams.ts';
import { createWriterRepository } from '../../domains/writer/writer.repository.ts';
import { createWriterService, type WriterService } from '../../domains/writer/writer.service.ts';

/** Tests may hand in their own chat models; the app's are used otherwise. */
export interface WriterPluginOptions {
  models?: ModelRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The content writer: its catalogue, documents, versions, exports and saved templates. */
    writer: WriterService;
    /** Generations and transforms, streamed from the chat's models and kept as versions. */
    writerStreams: WriterStreams;
  }
}

/**
 * The content writer's domain: the repository, the `writing` quota, the service and the streams
 * on the chat's models (with the chat's deadlines). Nothing is stored in the object store: a
 * document is its rows, and exports are made for the request that asks.
 */
export const writerPlugin = fp<WriterPluginOptions>(
  async (app, options) => {
    const now = () => app.now();
    const models = () => options.models ?? app.models;
    const repository = createWriterRepository(app.db);
    const quota = createWriterQuota({
      counter: createQuotaCounter(app),
      limits: app.config.writer.dailyLimits,
      addressCeiling: app.config.writer.visitorAddressCeiling,
      now,
    });
    app.decorate('writer', createWriterService({ repository, quota, models, now }));
    app.decorate(
      'writerStreams',
      createWriterStreams({
        repository,
        quota,
        models,
        timeoutMs: app.config.chat.timeoutMs,
        idleTimeoutMs: app.config.chat.idleTimeoutMs,
        log: app.log,
        now,
      }),
    );
  },
  { name: 'writer', dependencies: ['config', 'database', 'redis', 'auth', 'models'] },
);
