import fp from 'fastify-plugin';
import {
  createImageUploads,
  type ImageUploads,
  uploadsPurpose,
} from '../../domains/uploads/image-uploads.ts';
import { createUploadsRepository } from '../../domains/uploads/uploads.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Everything about chat images; `app.uploads` is the part chat needs (UploadService). */
    imageUploads: ImageUploads;
  }
}

/**
 * Chat images in the object store (`users/<id>/uploads/…`). Decorates `uploads` (the
 * UploadService chat resolves a message's images with) and `imageUploads` (the routes' side),
 * tells the orphan sweep which keys the table still names, and moves images kept before the
 * object store into it at start.
 */
export const uploadsPlugin = fp(
  async (app) => {
    const { uploads: config, publicUrl } = app.config;
    const imageUploads = createImageUploads({
      repository: createUploadsRepository(app.db),
      store: app.storage,
      limits: config,
      publicUrl,
      log: app.log,
      now: app.now,
    });
    app.storageReferences.register(uploadsPurpose, imageUploads.referencedKeys);
    try {
      await imageUploads.migrateLegacyFiles(config.legacyDir);
    } catch (error) {
      // The rows keep their old keys and the files stay: the next start tries again.
      app.log.error({ err: error }, 'moving the earlier uploads into the object store failed');
    }

    app.decorate('imageUploads', imageUploads);
    app.decorate('uploads', imageUploads);
  },
  { name: 'uploads', dependencies: ['config', 'database', 'auth', 'storage', 'storage-sweep'] },
);
