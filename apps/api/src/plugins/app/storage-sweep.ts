import fp from 'fastify-plugin';
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

/** The orphan sweep over `app.storage`, and the registry of references it consults. */
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
  },
  { name: 'storage-sweep', dependencies: ['storage', 'users', 'auth'] },
);
