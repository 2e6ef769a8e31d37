import fp from 'fastify-plugin';
import { createImageUploads, type ImageUploads } from '../../domains/uploads/image-uploads.ts';
import { createLocalDiskImageStorage } from '../../domains/uploads/image-storage.ts';
import { createUploadsRepository } from '../../domains/uploads/uploads.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Everything about chat images; `app.uploads` is the part chat needs (UploadService). */
    imageUploads: ImageUploads;
  }
}

const sweepIntervalMs = 60 * 60 * 1000;

/**
 * Chat images on local disk under `${DATA_DIR}/uploads`. Decorates `uploads` (the UploadService
 * chat resolves a message's images with) and `imageUploads` (the routes' side), and sweeps the
 * files of deleted accounts hourly.
 */
export const uploadsPlugin = fp(
  async (app) => {
    const { uploads: config, publicUrl } = app.config;
    const imageUploads = createImageUploads({
      repository: createUploadsRepository(app.db),
      storage: createLocalDiskImageStorage(config.dir),
      limits: config,
      publicUrl,
      log: app.log,
      now: app.now,
    });
    const sweepTimer = setInterval(() => {
      imageUploads
        .sweepOrphans()
        .catch((error: unknown) => app.log.error({ err: error }, 'upload sweep failed'));
    }, sweepIntervalMs);
    sweepTimer.unref();
    app.addHook('onClose', async () => clearInterval(sweepTimer));

    app.decorate('imageUploads', imageUploads);
    app.decorate('uploads', imageUploads);
  },
  { name: 'uploads', dependencies: ['config', 'database', 'auth'] },
);
