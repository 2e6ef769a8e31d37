import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ModelRegistry } from '../../domains/models/model-registry.ts';
import { createQuotaCounter } from '../../domains/usage/create-quota-counter.ts';
import { createQuotaHoldsRepository } from '../../domains/usage/quota-holds.repository.ts';
import { createQuotaSettlement } from '../../domains/usage/quota-settlement.ts';
import { createVisionAnswers, type VisionAnswers } from '../../domains/vision/vision-answers.ts';
import {
  visionPurpose,
  visionReadJobDefinition,
  visitorVisionPurpose,
} from '../../domains/vision/vision-job.ts';
import { createVisionQuota } from '../../domains/vision/vision-quota.ts';
import { visionServiceTexts } from '../../domains/vision/vision-texts.ts';
import { createVisionRepository } from '../../domains/vision/vision.repository.ts';
import { createVisionService, type VisionService } from '../../domains/vision/vision.service.ts';

/** Tests may hand in the chat's models; the app's are used otherwise. */
export interface VisionPluginOptions {
  models?: ModelRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The vision tool: its catalogue, reads (jobs), their pictures, tables and deletion. */
    vision: VisionService;
    /** Answers about a read picture, streamed from the chat's models. */
    visionAnswers: VisionAnswers;
  }
}

/** What the catalogue and every read name as their reader. */
const engineName = 'Tesseract 5 (offline)';
const sweepIntervalMs = 60 * 60 * 1000;

/**
 * The vision tool's domain: the app's OCR engine (plugins/app/ocr.ts), its repository, the daily `vision` quota
 * (pictures read) and its holds, the `vision.read` job (published to its owners, users and
 * visitors alike), the hourly `vision.sweep` job (visitors' expired reads and their pictures),
 * and the services the routes read. The storage sweep keeps a picture while a read names it.
 */
export const visionPlugin = fp<VisionPluginOptions>(
  async (app, options) => {
    const now = () => app.now();
    const settings = app.config.vision;
    const ocr = app.config.ocr;
    // The app's one OCR engine, shared with the office tools' scanned pages.
    const engine = app.ocr;
    const models = () => options.models ?? app.models;
    const repository = createVisionRepository(app.db);
    const quota = createVisionQuota({
      counter: createQuotaCounter(app),
      limits: settings.dailyLimits,
      addressCeiling: settings.visitorAddressCeiling,
      now,
    });
    const settlement = createQuotaSettlement({
      holds: createQuotaHoldsRepository(app.db),
      giveBack: quota.giveBack,
      now,
    });
    const kind = app.jobs.define(
      visionReadJobDefinition({
        engine: () => engine,
        engineName,
        repository,
        storage: app.storage,
        settlement,
        keepCompletedMs: settings.transientLifeMs,
        log: app.log,
        now,
      }),
    );
    const { uploads } = app.config;
    const service = createVisionService({
      repository,
      storage: app.storage,
      quota,
      settlement,
      config: settings,
      limits: {
        maxBytes: uploads.maxBytes,
        maxSide: uploads.maxSide,
        maxPixels: Math.min(uploads.maxPixels, ocr.maxPixels),
      },
      engineName,
      engineLanguages: () => engine.languages(),
      models,
      gallery: () => app.images,
      jobs: app.jobs,
      userJobs: app.userJobs,
      kind,
      now,
    });
    app.userJobs.publish(kind, {
      view: ({ read }) => ({ read }),
      // The failures written for the user, shown as they are.
      userErrors: [
        visionServiceTexts.pictureGone,
        visionServiceTexts.readFailed,
        visionServiceTexts.readBusy,
        visionServiceTexts.readTimeout,
        visionServiceTexts.unreadable,
      ],
      cancelled: (jobId) => service.cancelled(jobId),
    });
    app.decorate('vision', service);
    app.decorate(
      'visionAnswers',
      createVisionAnswers({
        repository,
        storage: app.storage,
        models,
        chatQuota: app.chat.quota,
        timeoutMs: app.config.chat.timeoutMs,
        idleTimeoutMs: app.config.chat.idleTimeoutMs,
        log: app.log,
        now,
      }),
    );

    // Visitors' reads go after VISION_KEEP_HOURS: a job, so one process does it each hour.
    const sweepKind = app.jobs.define({
      kind: 'vision.sweep',
      payload: z.object({}),
      result: z.object({ deleted: z.number() }),
      attempts: 1,
      run: () => service.sweep(),
    });
    await app.jobs.every(sweepKind, sweepIntervalMs);

    const named = (keys: string[]) => repository.existingKeys(keys);
    app.storageReferences.register(visionPurpose, named);
    app.storageReferences.register(visitorVisionPurpose, named);
  },
  {
    name: 'vision',
    dependencies: [
      'config',
      'ocr',
      'database',
      'redis',
      'auth',
      'jobs',
      'storage',
      'storage-sweep',
      'user-jobs',
      'models',
      'chat',
      'images',
    ],
  },
);
