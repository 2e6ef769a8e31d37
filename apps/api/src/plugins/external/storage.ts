import fp from 'fastify-plugin';
import { createDiskObjectStore } from '../../storage/disk-object-store.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { createS3ObjectStore } from '../../storage/s3-object-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one object store: every file the product keeps (chat uploads, and each tool's images,
     * audio and documents) is put, read, listed and deleted through it. A directory on this
     * machine, or an S3-compatible bucket when S3_BUCKET is set.
     */
    storage: ObjectStore;
  }
}

/** Opens the configured object store, adds its readiness check, and closes it with the app. */
export const storagePlugin = fp(
  async (app) => {
    const settings = app.config.storage;
    const store =
      settings.backend === 's3'
        ? createS3ObjectStore(settings)
        : createDiskObjectStore({ directory: settings.directory });
    app.decorate('storage', store);
    // Not checked at start: an unreachable store makes readiness fail and its routes answer
    // 503, while everything else (sign-in, chat without images) keeps working.
    app.readiness.add('object-store', () => store.ping());
    app.addHook('onClose', async () => store.close());
  },
  { name: 'storage', dependencies: ['config', 'readiness'] },
);
