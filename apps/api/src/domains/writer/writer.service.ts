import { randomBytes } from 'node:crypto';
import {
  socialNetworkLimits,
  type WriterCatalogueResponse,
  type WriterDocument,
  type WriterDocumentsPage,
  type WriterExportFormat,
  type WriterLanguage,
  type WriterSavedTemplate,
  writerTemplateIds,
  writerTemplates,
  type WriterVersion,
} from '@studio/contracts';
import type { z } from 'zod';
import type { writerEditRequest, writerSaveTemplateRequest } from '@studio/contracts';
import { decodePageCursor, encodePageCursor } from '../../db/newest-first-page.ts';
import { errorTexts, HttpError } from '../../http/errors.ts';
import { type Caller, callerPlan } from '../callers/caller.ts';
import type { ModelRegistry } from '../models/model-registry.ts';
import { exportMarkdown } from './writer-exports.ts';
import type { WriterQuota } from './writer-quota.ts';
import { newWriterId } from './writer-streams.ts';
import type { NewWriterVersion, WriterRepository } from './writer.repository.ts';

const notFound = () => new HttpError(404, errorTexts[404]);

/**
 * The content writer's documents, versions, exports, saved templates and catalogue for a
 * signed-in user (ownership on every id: another user's answers 404, as no such thing does);
 * the streams are writer-streams.ts.
 */
export function createWriterService(deps: {
  repository: WriterRepository;
  quota: WriterQuota;
  models: () => ModelRegistry;
  now: () => Date;
}) {
  const { repository } = deps;

  async function owned(userId: string, id: string): Promise<WriterDocument> {
    const document = await repository.findDocument(userId, id);
    if (!document) throw notFound();
    return document;
  }

  async function addVersion(
    userId: string,
    id: string,
    version: Pick<WriterVersion, 'kind' | 'restoredFrom' | 'content'>,
    title?: string,
  ): Promise<WriterDocument> {
    const added = await repository.addVersion(
      userId,
      id,
      {
        id: newWriterId(),
        template: null,
        transform: null,
        state: 'complete',
        modelName: null,
        ...version,
      },
      deps.now(),
      title,
    );
    if (!added) throw notFound();
    return added.document;
  }

  return {
    /** GET /api/writer/catalogue */
    async catalogue(caller: Caller): Promise<WriterCatalogueResponse> {
      const plan = callerPlan(caller, deps.now());
      const registry = deps.models();
      const usage = await deps.quota.usage(caller);
      return {
        templates: writerTemplateIds.map((id) => ({
          id,
          longForm: writerTemplates[id].longForm,
          fields: writerTemplates[id].fields.map((field) => ({ ...field })),
        })),
        socialNetworkLimits: { ...socialNetworkLimits },
        models: registry
          .forPlan(plan)
          .filter((model) => model.available)
          .map((model) => ({
            id: model.id,
            name: model.name,
            sandbox: model.provider === 'sandbox',
          })),
        defaultModel: registry.defaultModelId(plan),
        limits: {
          dailyGenerations: usage.limit,
          remainingToday: usage.remaining,
          resetsAt: usage.resetsAt.toISOString(),
        },
      };
    },

    /** GET /api/writer/documents: newest first; a cursor this API did not make is 400. */
    async page(
      userId: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<WriterDocumentsPage> {
      const after = cursor === undefined ? null : decodePageCursor(cursor);
      if (cursor !== undefined && after === null) throw new HttpError(400, errorTexts[400]);
      const { documents, next } = await repository.pageDocuments(userId, after, limit);
      return { documents, nextCursor: next ? encodePageCursor(next) : null };
    },

    get: owned,

    /**
     * PUT /api/writer/documents/{id}: the user's edit kept as a version (kind `edit`); the same
     * content again makes none (a new title alone is only renamed).
     */
    async edit(
      userId: string,
      id: string,
      request: z.infer<typeof writerEditRequest>,
    ): Promise<WriterDocument> {
      const document = await owned(userId, id);
      const title = request.title ?? document.title;
      if (request.content === document.content) {
        if (title === document.title) return document;
        await repository.rename(userId, id, title, deps.now());
        return owned(userId, id);
      }
      return addVersion(
        userId,
        id,
        { kind: 'edit', restoredFrom: null, content: request.content },
        title === document.title ? undefined : title,
      );
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.deleteDocument(userId, id))) throw notFound();
    },

    /** The user's documents among these ids, as lists show them (the library's page). */
    many: (userId: string, ids: string[]) => repository.manyDocuments(userId, ids),

    /**
     * A document a visitor wrote in their browser, kept as the user's with its versions (oldest
     * first, each with when it was made), under new ids: the library's move into an account.
     */
    adopt(
      userId: string,
      document: Pick<WriterDocument, 'title' | 'template' | 'language'>,
      versions: (Omit<NewWriterVersion, 'id'> & { createdAt: Date })[],
    ): Promise<WriterDocument> {
      return repository.adoptDocument({
        id: newWriterId(),
        userId,
        ...document,
        versions: versions.map((version) => ({ ...version, id: newWriterId() })),
      });
    },

    /** GET /api/writer/documents/{id}/versions: newest first. */
    async versions(userId: string, id: string): Promise<WriterVersion[]> {
      await owned(userId, id);
      return repository.versions(userId, id);
    },

    /** POST …/versions/{versionId}/restore: its content again, as a new version (`restore`). */
    async restore(userId: string, id: string, versionId: string): Promise<WriterDocument> {
      const version = await repository.findVersion(userId, id, { id: versionId });
      if (!version) throw notFound();
      return addVersion(userId, id, {
        kind: 'restore',
        restoredFrom: version.number,
        content: version.content,
      });
    },

    /** GET …/documents/{id}/export: the document (or one version of it) as a file. */
    async exportDocument(
      userId: string,
      id: string,
      format: WriterExportFormat,
      versionNumber: number | undefined,
    ) {
      const document = await owned(userId, id);
      let content = document.content;
      if (versionNumber !== undefined) {
        const version = await repository.findVersion(userId, id, { number: versionNumber });
        if (!version) throw notFound();
        content = version.content;
      }
      return exportMarkdown({
        title: document.title,
        content,
        format,
        language: document.language,
      });
    },

    /** POST /api/writer/exports: any Markdown, anyone's. */
    exportMarkdown: (input: {
      title: string;
      content: string;
      format: WriterExportFormat;
      language: WriterLanguage;
    }) => exportMarkdown(input),

    async saveTemplate(
      userId: string,
      request: z.infer<typeof writerSaveTemplateRequest>,
    ): Promise<WriterSavedTemplate> {
      return repository.insertTemplate(userId, { id: newWriterId(), ...request }, deps.now());
    },

    templates: (userId: string) => repository.templates(userId),

    async removeTemplate(userId: string, id: string): Promise<void> {
      if (!(await repository.deleteTemplate(userId, id))) throw notFound();
    },

    /** POST /api/writer/templates/{id}/share: its token (the same one when shared before). */
    async share(userId: string, id: string): Promise<WriterSavedTemplate> {
      const shared = await repository.share(userId, id, randomBytes(18).toString('base64url'));
      if (!shared) throw notFound();
      return shared;
    },

    /** GET /api/writer/templates/shared/{token}: anyone with the link. */
    async shared(token: string): Promise<WriterSavedTemplate> {
      const template = await repository.findShared(token);
      if (!template) throw notFound();
      return template;
    },
  };
}

export type WriterService = ReturnType<typeof createWriterService>;
