import fp from 'fastify-plugin';
import { z } from 'zod';
import { createOrphanSweep, type StorageReferences } from '../../storage/orphan-sweep.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each purpose's "which of these keys does a table still name" (uploads, later each tool). */
    storageReferences: StorageReferences;
    /**
     * Deletes stored objects older than an hour whose owner is gone or that no table names;
     * run as the `storage.sweep` job.
     */
    storageSweep(): Promise<{ deleted: number }>;
  }
}

const sweepIntervalMs = 60 * 60 * 1000;

/**
 * The orphan sweep over `app.storage`, and the registry of references it consults; it runs
 * hourly as the `storage.sweep` job.
 */
export const storageSweepPlugin = fp(
  async (app) => {
    const sweep = createOrphanSweep({
      store: app.storage,
      existingUserIds: (ids) => app.users.existingIds(ids),
      log: app.log,
      now: () => app.now(),
    });
    app.decorate('storageReferences', sweep.references);
    app.decorate('storageSweep', () => sweep.sweep());
    const sweepJob = app.jobs.define({
      kind: 'storage.sweep',
      payload: z.object({}),
      result: z.object({ deleted: z.number() }),
      // The next hour tries again.
      attempts: 1,
      run: () => sweep.sweep(),
    });
    await app.jobs.every(sweepJob, sweepIntervalMs);
  },
  { name: 'storage-sweep', dependencies: ['storage', 'users', 'auth', 'jobs'] },
);
