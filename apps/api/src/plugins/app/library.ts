import fp from 'fastify-plugin';
import { createLibraryRepository } from '../../domains/library/library.repository.ts';
import {
  createLibraryService,
  type LibraryService,
} from '../../domains/library/library.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The library: a user's things from every tool in one list, and moving a visitor's in. */
    library: LibraryService;
  }
}

/**
 * The library's domain: its repository (pages across the tools' tables, the imports' rows) and
 * its service, which reads and keeps each thing through its own tool's service (images, voice,
 * music), so a thing is listed and stored exactly as that tool does it.
 */
export const libraryPlugin = fp(
  async (app) => {
    const repository = createLibraryRepository(app.db, app.database.driver);
    app.decorate(
      'library',
      createLibraryService({
        repository,
        tools: { images: app.images, voice: app.voice, music: app.music, writer: app.writer },
        imageLimits: app.config.uploads,
        now: () => app.now(),
      }),
    );
  },
  {
    name: 'library',
    dependencies: ['config', 'database', 'auth', 'uploads', 'images', 'voice', 'music', 'writer'],
  },
);
