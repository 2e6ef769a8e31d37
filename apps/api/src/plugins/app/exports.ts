import fp from 'fastify-plugin';
import { createExportService, type ExportService } from '../../domains/export/export.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A conversation as a JSON or Markdown download, for its owner. */
    exports: ExportService;
  }
}

export const exportsPlugin = fp(
  async (app) => {
    app.decorate(
      'exports',
      createExportService({ conversations: app.ownedConversations, now: () => app.now() }),
    );
  },
  { name: 'exports', dependencies: ['auth', 'sharing'] },
);
