import { officeJobFailure, type OfficeJobResult } from '@studio/contracts';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { createQuota } from '../../domains/usage/message-quota.ts';
import { createOfficeAnswers, type OfficeAnswers } from '../../domains/office/office-answers.ts';
import { createOfficeJobs } from '../../domains/office/office-jobs.ts';
import {
  createOfficeKeeper,
  incomingOfficePurpose,
  officePurpose,
  visitorOfficePurpose,
} from '../../domains/office/office-keeper.ts';
import { createOfficeQuota } from '../../domains/office/office-quota.ts';
import { officeJobTexts, officeRefusalTexts } from '../../domains/office/office-texts.ts';
import { createOfficeRepository } from '../../domains/office/office.repository.ts';
import { createOfficeService, type OfficeService } from '../../domains/office/office.service.ts';
import type { PublishedKind } from '../../domains/jobs/user-jobs.service.ts';
import type { ModelRegistry } from '../../domains/models/model-registry.ts';
import { createQuotaCounter } from '../../domains/usage/create-quota-counter.ts';
import { createQuotaHoldsRepository } from '../../domains/usage/quota-holds.repository.ts';
import { createQuotaSettlement } from '../../domains/usage/quota-settlement.ts';
import { youngerThan } from '../../storage/young-objects.ts';

/** Tests may hand in their own chat models; the app's are used otherwise. */
export interface OfficePluginOptions {
  models?: ModelRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The office tools: documents (jobs), their parts, files, tables and pages. */
    office: OfficeService;
    /** Summaries and answers about a document, streamed and kept. */
    officeAnswers: OfficeAnswers;
  }
}

const sweepIntervalMs = 60 * 60 * 1000;

/**
 * The office tools' domain: the repository, the `pages` quota (and the chat's messages, which
 * answers, translations and generations count against), the four jobs (published to their
 * owners), the answers, the hourly sweep of visitors' expired documents, and the storage
 * sweep's references (a document's files while its row names them; an upload while its job may
 * still read it).
 */
export const officePlugin = fp<OfficePluginOptions>(
  async (app, options) => {
    const now = () => app.now();
    const settings = app.config.office;
    const models = () => options.models ?? app.models;
    const repository = createOfficeRepository(app.db);
    const counter = createQuotaCounter(app);
    const quota = createOfficeQuota({
      counter,
      limits: settings.dailyLimits,
      addressCeiling: settings.visitorAddressCeiling,
      now,
    });
    // The chat's own daily messages (the same meter and counts as the chat's plugin keeps).
    const chatQuota = createQuota({ counter, limits: app.config.chat.dailyLimits, now });
    const holds = createQuotaHoldsRepository(app.db);
    const pagesSettlement = createQuotaSettlement({ holds, giveBack: quota.giveBack, now });
    const chatSettlement = createQuotaSettlement({ holds, giveBack: chatQuota.giveBack, now });
    const keeper = createOfficeKeeper({
      repository,
      storage: app.storage,
      transientLifeMs: settings.transientLifeMs,
      inlineModelBytes: settings.inlineModelBytes,
      now,
    });
    const definitions = createOfficeJobs({
      keeper,
      storage: app.storage,
      ocr: () => app.ocr,
      models,
      quota,
      pagesSettlement,
      chatSettlement,
      config: settings,
      log: app.log,
      now,
    });
    const kinds = {
      read: app.jobs.define(definitions.readJob),
      convert: app.jobs.define(definitions.convertJob),
      translate: app.jobs.define(definitions.translateJob),
      generate: app.jobs.define(definitions.generateJob),
    };
    const service = createOfficeService({
      repository,
      keeper,
      storage: app.storage,
      quota,
      chatQuota,
      pagesSettlement,
      chatSettlement,
      models,
      config: settings,
      jobs: app.jobs,
      userJobs: app.userJobs,
      kinds,
      now,
    });
    const published: PublishedKind<OfficeJobResult> = {
      view: (result) => result,
      userErrors: [...Object.values(officeRefusalTexts), ...Object.values(officeJobTexts)],
      // A refused file's code, which the page words.
      failureDetail: (detail) => officeJobFailure.safeParse(detail).data ?? null,
      cancelled: (jobId) => service.cancelled(jobId),
    };
    app.userJobs.publish(kinds.read, published);
    app.userJobs.publish(kinds.convert, published);
    app.userJobs.publish(kinds.translate, published);
    app.userJobs.publish(kinds.generate, published);
    app.decorate('office', service);
    app.decorate(
      'officeAnswers',
      createOfficeAnswers({
        keeper,
        repository,
        chatQuota,
        services: { models },
        contextCharacters: settings.answerContextCharacters,
        timeoutMs: app.config.chat.timeoutMs,
        idleTimeoutMs: app.config.chat.idleTimeoutMs,
        log: app.log,
        now,
      }),
    );

    app.storageReferences.register(officePurpose, (keys) => repository.existingKeys(keys));
    app.storageReferences.register(visitorOfficePurpose, (keys) => repository.existingKeys(keys));
    // An upload waits for its job at most as long as a job is kept.
    app.storageReferences.register(
      incomingOfficePurpose,
      youngerThan(app.storage, settings.transientLifeMs, now),
    );
    const sweep = app.jobs.define({
      kind: 'office.sweep',
      payload: z.object({}),
      result: z.object({ deleted: z.number() }),
      // The next hour tries again.
      attempts: 1,
      run: () => service.sweepExpired(),
    });
    await app.jobs.every(sweep, sweepIntervalMs);
  },
  {
    name: 'office',
    dependencies: [
      'config',
      'database',
      'redis',
      'auth',
      'jobs',
      'storage',
      'storage-sweep',
      'user-jobs',
      'models',
      'ocr',
    ],
  },
);
