import { imageFailureTexts } from '@studio/contracts';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  generationJobDefinition,
  imageInputsPurpose,
  imagesPurpose,
  transientImagesLifeMs,
  visitorImagesPurpose,
} from '../../domains/images/generation-job.ts';
import { sandboxImagesPath } from '../../domains/images/images-config.ts';
import { createImagesQuota } from '../../domains/images/images-quota.ts';
import { createImagesRepository } from '../../domains/images/images.repository.ts';
import { createImagesService, type ImagesService } from '../../domains/images/images.service.ts';
import type { ImageModelRegistry } from '../../domains/images/image-model-registry.ts';
import { createImageModelRegistry } from '../../domains/images/image-registry.ts';
import { createQuotaHoldsRepository } from '../../domains/usage/quota-holds.repository.ts';
import { createQuotaSettlement } from '../../domains/usage/quota-settlement.ts';
import { createQuotaCounter } from '../../domains/usage/create-quota-counter.ts';
import { mountNodeHandler } from '../../http/mount-node-handler.ts';
import { youngerThan } from '../../storage/young-objects.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The image models (IMAGE_MODELS, or the sandbox's) and the one generation call. */
    imageModels: ImageModelRegistry;
    /** The image tools: models and quota, generations (jobs), the gallery. */
    images: ImagesService;
  }
}

/**
 * The image models' registry, whose models join the provider layer's catalogue. When a sandbox image model is configured (the default outside
 * production), packages/sandbox is imported (only then) and its image server answers in process; the
 * same server is mounted at /sandbox/images for any OpenAI Images or Imagen client. Like the
 * chat's sandbox, its requests are taken over in an onRequest hook before CSRF, rate limits and
 * body parsing (a separate service with its own wire format): register this plugin before them.
 */
export const imageModelsPlugin = fp(
  async (app) => {
    const settings = app.config.images;
    let sandboxFetch: typeof fetch | undefined;
    if (settings.usesSandbox) {
      const { createSandboxImageHandler, sandboxImageFetch } = await import('@studio/sandbox');
      sandboxFetch = sandboxImageFetch();
      mountNodeHandler(
        app,
        sandboxImagesPath,
        createSandboxImageHandler({ basePath: sandboxImagesPath }),
      );
    }
    const registry = createImageModelRegistry(settings, sandboxFetch ? { sandboxFetch } : {});
    app.decorate('imageModels', registry);
    app.providers.catalogue.add(registry.catalogue);
  },
  { name: 'image-models', dependencies: ['config', 'providers'] },
);

/**
 * The image tools' domain: the gallery's repository, the daily image quota, the
 * `images.generate` job (published to its owners, users and visitors alike) and the service the
 * routes read. The storage sweep learns which files are in use: gallery files while a row names
 * them; visitors' images and uploaded inputs while younger than a day.
 */
export const imagesPlugin = fp(
  async (app) => {
    const now = () => app.now();
    const images = createImagesRepository(app.db);
    const quota = createImagesQuota({
      counter: createQuotaCounter(app),
      limits: app.config.images.dailyLimits,
      addressCeiling: app.config.images.visitorAddressCeiling,
      now,
    });
    const holds = createQuotaHoldsRepository(app.db);
    const settlement = createQuotaSettlement({
      holds,
      giveBack: quota.giveBack,
      now,
    });
    const limits = app.config.uploads;
    const kind = app.jobs.define(
      generationJobDefinition({
        registry: app.imageModels,
        images,
        storage: app.storage,
        settlement,
        timeoutMs: app.config.images.timeoutMs,
        limits,
        log: app.log,
        now,
      }),
    );
    const service = createImagesService({
      registry: app.imageModels,
      images,
      storage: app.storage,
      quota,
      dailyLimits: app.config.images.dailyLimits,
      settlement,
      jobs: app.jobs,
      userJobs: app.userJobs,
      kind,
      limits,
      now,
    });
    app.userJobs.publish(kind, {
      view: ({ requested, images: made, shortfall }) => ({ requested, images: made, shortfall }),
      // The failures written for the user (the contracts' list, which the pages translate).
      userErrors: Object.values(imageFailureTexts),
      cancelled: (jobId) => service.cancelled(jobId),
    });
    app.decorate('images', service);

    // Holds of jobs that never ended (lost with their process) go after two days: hourly, as
    // the storage sweep runs.
    const holdsSweep = app.jobs.define({
      kind: 'images.holds-sweep',
      payload: z.object({}),
      result: z.object({ deleted: z.number() }),
      attempts: 1,
      run: async () => ({
        deleted: await holds.deleteOlderThan(new Date(now().getTime() - 2 * transientImagesLifeMs)),
      }),
    });
    await app.jobs.every(holdsSweep, 60 * 60 * 1000);

    app.storageReferences.register(imagesPurpose, (keys) => images.existingKeys(keys));
    app.storageReferences.register(
      visitorImagesPurpose,
      youngerThan(app.storage, transientImagesLifeMs, now),
    );
    app.storageReferences.register(
      imageInputsPurpose,
      youngerThan(app.storage, transientImagesLifeMs, now),
    );
  },
  {
    name: 'images',
    dependencies: [
      'config',
      'database',
      'redis',
      'auth',
      'jobs',
      'storage',
      'storage-sweep',
      'user-jobs',
      'uploads',
      'image-models',
    ],
  },
);
