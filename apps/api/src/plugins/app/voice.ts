import { voiceTexts as requestTexts, voiceJobFailureTexts } from '@studio/contracts';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { SpeechService } from '../../domains/speech/speech-service.ts';
import { createQuotaCounter } from '../../domains/usage/create-quota-counter.ts';
import { createQuotaHoldsRepository } from '../../domains/usage/quota-holds.repository.ts';
import { createQuotaSettlement } from '../../domains/usage/quota-settlement.ts';
import {
  defaultPartLength,
  visitorVoicePurpose,
  voiceJobDefinition,
  voicePartsPurpose,
  voicePurpose,
} from '../../domains/voice/voice-job.ts';
import { createVoiceQuota } from '../../domains/voice/voice-quota.ts';
import { createVoiceRepository } from '../../domains/voice/voice.repository.ts';
import { createVoiceService, type VoiceService } from '../../domains/voice/voice.service.ts';
import { youngerThan } from '../../storage/young-objects.ts';

/** Tests hand in their own speech service (a fast stand-in); the app's is used otherwise. */
export interface VoicePluginOptions {
  speech?: SpeechService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The voice synthesis tool: voices and allowances, syntheses (jobs), their parts, clips. */
    voice: VoiceService;
  }
}

const hourMs = 60 * 60 * 1000;

/**
 * The voice synthesis tool's domain: its repository, the daily speech quota (characters), the
 * `voice.synthesize` job (published to its owners, users and visitors alike) and the service the
 * routes read. It speaks with the spoken replies' engine (`app.speech`). The storage sweep learns
 * which files are in use: a user's clips while a row names them; visitors' clips and the parts
 * while younger than VOICE_KEEP_HOURS. Part rows older than that go hourly, with their files.
 */
export const voicePlugin = fp<VoicePluginOptions>(
  async (app, options) => {
    const now = () => app.now();
    const settings = app.config.voice;
    const speech = () => options.speech ?? app.speech;
    const repository = createVoiceRepository(app.db);
    const quota = createVoiceQuota({
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
    // A part never longer than the speech service would speak in one go.
    const maxPartLength = Math.min(defaultPartLength, app.config.speech.maxCharacters);
    const kind = app.jobs.define(
      voiceJobDefinition({
        speech,
        repository,
        storage: app.storage,
        settlement,
        maxPartLength,
        perOwnerConcurrency: settings.jobsPerOwner,
        transientLifeMs: settings.transientLifeMs,
        log: app.log,
        now,
      }),
    );
    const service = createVoiceService({
      speech,
      repository,
      storage: app.storage,
      quota,
      config: settings,
      settlement,
      jobs: app.jobs,
      userJobs: app.userJobs,
      kind,
      maxPartLength,
      now,
    });
    app.userJobs.publish(kind, {
      view: ({ clip }) => ({ clip }),
      // The failures written for the user (the contracts' lists, which the page translates).
      userErrors: [...Object.values(voiceJobFailureTexts), requestTexts.nothingToSay],
      cancelled: (jobId) => service.cancelled(jobId),
    });
    app.decorate('voice', service);

    // Parts outlive their job's page by VOICE_KEEP_HOURS at most: hourly, as the storage sweep
    // runs. (Holds of jobs lost with their process are swept by the image tools' hourly job,
    // which forgets every meter's.)
    const partsSweep = app.jobs.define({
      kind: 'voice.parts-sweep',
      payload: z.object({}),
      result: z.object({ deleted: z.number() }),
      attempts: 1,
      run: async () => {
        const keys = await repository.deletePartsOlderThan(
          new Date(now().getTime() - settings.transientLifeMs),
        );
        await Promise.all(keys.map((key) => app.storage.delete(key).catch(() => undefined)));
        return { deleted: keys.length };
      },
    });
    await app.jobs.every(partsSweep, hourMs);

    app.storageReferences.register(voicePurpose, (keys) => repository.existingKeys(keys));
    app.storageReferences.register(
      visitorVoicePurpose,
      youngerThan(app.storage, settings.transientLifeMs, now),
    );
    app.storageReferences.register(
      voicePartsPurpose,
      youngerThan(app.storage, settings.transientLifeMs, now),
    );
  },
  {
    name: 'voice',
    dependencies: [
      'config',
      'database',
      'redis',
      'auth',
      'jobs',
      'storage',
      'storage-sweep',
      'user-jobs',
      'speech',
    ],
  },
);
