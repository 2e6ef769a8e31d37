import { musicJobFailureTexts, musicRefusal } from '@studio/contracts';
import fp from 'fastify-plugin';
import { createMusicDescriber, type MusicDescriber } from '../../domains/music/music-describe.ts';
import { createMusicEngines } from '../../domains/music/music-engines.ts';
import {
  musicJobDefinition,
  musicPurpose,
  visitorMusicPurpose,
} from '../../domains/music/music-job.ts';
import { createMusicQuota } from '../../domains/music/music-quota.ts';
import { createMusicSources } from '../../domains/music/music-sources.ts';
import { musicServiceTexts } from '../../domains/music/music-texts.ts';
import { createMusicRepository } from '../../domains/music/music.repository.ts';
import { createMusicService, type MusicService } from '../../domains/music/music.service.ts';
import type { ModelRegistry } from '../../domains/models/model-registry.ts';
import type { MusicEngine } from '../../domains/providers/music/music-engine.ts';
import { createMusicRegistry } from '../../domains/providers/music/music-registry.ts';
import { createQuotaCounter } from '../../domains/usage/create-quota-counter.ts';
import { createQuotaHoldsRepository } from '../../domains/usage/quota-holds.repository.ts';
import { createQuotaSettlement } from '../../domains/usage/quota-settlement.ts';
import { youngerThan } from '../../storage/young-objects.ts';

/**
 * Tests hand in their own engines (a fast, deterministic stand-in) and the model that describes
 * a piece; the app's are used otherwise (createMusicEngines, the chat's models).
 */
export interface MusicPluginOptions {
  engines?: MusicEngine[];
  models?: Pick<ModelRegistry, 'defaultModelId' | 'languageModel' | 'get'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The music creator: models and allowances, pieces (jobs), their files and families. */
    music: MusicService;
    /** Words about a piece turned into its settings (the chat's model, or the keyword reader). */
    musicDescriber: MusicDescriber;
  }
}

/**
 * The music creator's domain: the engines as one registry (its models in the provider
 * catalogue), its repository, the daily music quota (seconds), the `music.compose` job
 * (published to its owners, users and visitors alike) and the services the routes read. The
 * storage sweep learns which files are in use: a user's pieces while a row names them; a
 * visitor's while younger than MUSIC_KEEP_HOURS. With no engine, the catalogue is empty and
 * every piece is refused as "music is turned off".
 */
export const musicPlugin = fp<MusicPluginOptions>(
  async (app, options) => {
    const now = () => app.now();
    const settings = app.config.music;
    const engines =
      options.engines ?? createMusicEngines(app.config, { log: app.log.child({ tool: 'music' }) });
    const registry = createMusicRegistry(engines, { cloudPlan: settings.cloudPlan });
    app.providers.catalogue.add(registry.catalogue);
    const engine = () => registry;
    const repository = createMusicRepository(app.db);
    const sources = createMusicSources({ repository, jobs: app.jobs, storage: app.storage });
    const quota = createMusicQuota({
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
      musicJobDefinition({
        engine,
        repository,
        sources,
        storage: app.storage,
        settlement,
        perOwnerConcurrency: settings.jobsPerOwner,
        transientLifeMs: settings.transientLifeMs,
        log: app.log,
        now,
      }),
    );
    const service = createMusicService({
      engine,
      repository,
      sources,
      storage: app.storage,
      quota,
      config: settings,
      settlement,
      jobs: app.jobs,
      userJobs: app.userJobs,
      kind,
      now,
    });
    app.userJobs.publish(kind, {
      view: ({ piece }) => ({ piece }),
      // The failures written for the user (the contracts' list, which the page translates).
      userErrors: [...Object.values(musicJobFailureTexts), musicServiceTexts.unknownSource],
      // A refusal's suggested prompt, which the page offers to use instead.
      failureDetail: (detail) => musicRefusal.safeParse(detail).data ?? null,
      cancelled: (jobId) => service.cancelled(jobId),
    });
    app.decorate('music', service);
    app.decorate(
      'musicDescriber',
      createMusicDescriber({ models: () => options.models ?? app.models, log: app.log, now }),
    );

    app.storageReferences.register(musicPurpose, (keys) => repository.existingKeys(keys));
    app.storageReferences.register(
      visitorMusicPurpose,
      youngerThan(app.storage, settings.transientLifeMs, now),
    );
    app.addHook('onClose', async () => {
      await registry.close?.();
    });
  },
  {
    name: 'music',
    dependencies: [
      'config',
      'providers',
      'database',
      'redis',
      'auth',
      'jobs',
      'storage',
      'storage-sweep',
      'user-jobs',
      'models',
    ],
  },
);
