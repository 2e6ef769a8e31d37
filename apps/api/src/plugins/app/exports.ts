import fp from 'fastify-plugin';
import {
  exportFilesLifeMs,
  exportJobDefinition,
  exportTexts,
  type ExportJobOptions,
  exportsPurpose,
} from '../../domains/export/export-job.ts';
import {
  createExportJobsService,
  type ExportJobsService,
} from '../../domains/export/export-jobs.service.ts';
import { createExportService, type ExportService } from '../../domains/export/export.service.ts';
import { youngerThan } from '../../storage/young-objects.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A conversation as a JSON or Markdown download, for its owner. */
    exports: ExportService;
    /** The same as a background job (`chat.export`) the page follows, for long conversations. */
    exportJobs: ExportJobsService;
  }
}

/** Tests: how the export job reads (page size, a hook before each page). */
export type ExportsPluginOptions = Pick<ExportJobOptions, 'pageSize' | 'beforePage'>;

export const exportsPlugin = fp<ExportsPluginOptions>(
  async (app, options) => {
    const conversations = app.ownedConversations;
    const now = () => app.now();
    app.decorate('exports', createExportService({ conversations, now }));

    const kind = app.jobs.define(
      exportJobDefinition({ conversations, storage: app.storage, now, ...options }),
    );
    app.userJobs.publish(kind, {
      view: ({ fileName, contentType, size }) => ({ fileName, contentType, size }),
      file: ({ key, fileName }) => ({ key, fileName }),
      userErrors: Object.values(exportTexts),
    });
    app.decorate(
      'exportJobs',
      createExportJobsService({ conversations, jobs: app.jobs, userJobs: app.userJobs, kind }),
    );

    // Export files expire: the storage sweep deletes them once they are a day old (no table
    // names them; their age is their only reference).
    app.storageReferences.register(
      exportsPurpose,
      youngerThan(app.storage, exportFilesLifeMs, now),
    );
  },
  {
    name: 'exports',
    dependencies: ['auth', 'sharing', 'jobs', 'storage', 'storage-sweep', 'user-jobs'],
  },
);
