import { decodePageCursor, encodePageCursor } from '../../db/newest-first-page.ts';
import { randomUUID } from 'node:crypto';
import {
  type OfficeAnswersResponse,
  type OfficeCatalogueResponse,
  officeConversions,
  type OfficeDocument,
  type OfficeDocumentContent,
  type OfficeDocumentsPage,
  officeFormats,
  officeGeneratedFormats,
  type OfficeGenerationRequest,
  type OfficeJob,
  type OfficeFormat,
  type OfficeLanguage,
  type OfficeTablesResponse,
  officeTexts,
} from '@studio/contracts';
import { renderPdfPage, writeCsv, writeXlsx } from '@studio/documents';
import { errorTexts, HttpError } from '../../http/errors.ts';
import type { JobKind, JobQueue } from '../../jobs/job-queue.ts';
import { jobIdFor } from '../../jobs/job-rules.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { tierOf } from '../billing/entitlements.ts';
import { type Caller, callerPlan, type KeyedCaller, ownerIdOf } from '../callers/caller.ts';
import { resolveModel } from '../models/model-access.ts';
import type { Quota } from '../usage/message-quota.ts';
import type { UserJobsService } from '../jobs/user-jobs.service.ts';
import type { ModelRegistry } from '../models/model-registry.ts';
import type { QuotaSettlement } from '../usage/quota-settlement.ts';
import type { OfficeConfig } from './office-config.ts';
import { tablesOf } from './office-files.ts';
import type {
  OfficeConvertPayload,
  OfficeGeneratePayload,
  OfficeReadPayload,
  OfficeTranslatePayload,
} from './office-jobs.ts';
import {
  incomingOfficePurpose,
  type OfficeKeeper,
  readObject,
  storageOwnerOf,
} from './office-keeper.ts';
import type { OfficeQuota } from './office-quota.ts';
import { officeServiceTexts } from './office-texts.ts';
import { toOfficeDocument } from './office-views.ts';
import type { OfficeRepository } from './office.repository.ts';
import type { OfficeJobResult } from '@studio/contracts';

const notFound = () => new HttpError(404, errorTexts[404]);

/** The owner a caller's documents are kept under: `user:<id>`, or `visitor:<hash of their key>`. */
export const documentOwnerOf = (caller: KeyedCaller) =>
  caller.kind === 'user' ? `user:${caller.user.id}` : caller.visitorId;

/** A file to send: where it is, and the name a download gives it. */
export interface OfficeFileToSend {
  key: string;
  fileName: string;
}

/** The resolution a cited page is drawn at for the page's viewer: enough to read, light to send. */
const pagePictureDpi = 100;
/** A table's preview: its first rows. */
const previewRows = 5;

/**
 * The office tools' service: the catalogue and the caller's allowance, documents started as
 * jobs (read, convert, translate, generate), a caller's documents and everything about one (its
 * parts, file, tables, a page's picture, its answers), and deleting one. Every read names its
 * owner: another caller's document is not found.
 */
export function createOfficeService(deps: {
  repository: OfficeRepository;
  keeper: OfficeKeeper;
  storage: ObjectStore;
  quota: OfficeQuota;
  chatQuota: Quota;
  pagesSettlement: QuotaSettlement;
  chatSettlement: QuotaSettlement;
  models: () => ModelRegistry;
  config: OfficeConfig;
  jobs: JobQueue;
  userJobs: UserJobsService;
  kinds: {
    read: JobKind<OfficeReadPayload, OfficeJobResult>;
    convert: JobKind<OfficeConvertPayload, OfficeJobResult>;
    translate: JobKind<OfficeTranslatePayload, OfficeJobResult>;
    generate: JobKind<OfficeGeneratePayload, OfficeJobResult>;
  };
  now: () => Date;
}) {
  const { repository, config } = deps;

  function maxFileBytes(caller: Caller): number {
    return caller.kind === 'visitor'
      ? config.maxFileBytes.visitor
      : config.maxFileBytes[tierOf(caller.user, deps.now())];
  }

  async function owned(owner: string, id: string) {
    const document = await repository.findOwned(owner, id);
    if (!document) throw notFound();
    return document;
  }

  async function withParts(owner: string, id: string) {
    const found = await deps.keeper.withParts(owner, id);
    if (!found) throw notFound();
    return found;
  }

  /**
   * A chat-model job (translate, generate): the model resolved for the caller's plan, one chat
   * message taken and held under the job's id, then the job queued; nothing queued, nothing
   * counted.
   */
  async function startWithChat<Payload>(
    caller: KeyedCaller,
    kind: JobKind<Payload, OfficeJobResult>,
    modelId: string | null,
    payloadOf: (model: { id: string; name: string }) => Payload,
  ): Promise<OfficeJob> {
    const registry = deps.models();
    const chosen = modelId?.trim() || registry.defaultModelId(callerPlan(caller, deps.now()));
    if (!chosen) throw new HttpError(400, officeServiceTexts.noModel);
    const { registered } = resolveModel(registry, caller, chosen);
    const keys = await deps.chatQuota.takeUnits(caller, 1);
    const stableId = randomUUID();
    const jobId = jobIdFor(kind.kind, stableId);
    let held = false;
    try {
      await deps.chatSettlement.hold(jobId, keys, 1);
      held = true;
      const job = await deps.jobs.enqueue(
        kind,
        payloadOf({ id: registered.id, name: registered.name }),
        {
          ownerId: ownerIdOf(caller),
          jobId: stableId,
        },
      );
      return deps.userJobs.view(job) as OfficeJob;
    } catch (error) {
      if (held) await deps.chatSettlement.settle(jobId, 0);
      else await deps.chatQuota.giveBack(keys, 1);
      throw error;
    }
  }

  return {
    maxFileBytes,

    /** GET /api/office/catalogue */
    async catalogue(caller: Caller): Promise<OfficeCatalogueResponse> {
      const registry = deps.models();
      const plan = callerPlan(caller, deps.now());
      const usage = await deps.quota.usage(caller);
      return {
        formats: [...officeFormats],
        conversions: Object.fromEntries(
          officeFormats.map((format) => [format, [...officeConversions[format]]]),
        ) as OfficeCatalogueResponse['conversions'],
        generatedFormats: [...officeGeneratedFormats],
        models: registry
          .forPlan(plan)
          .filter((model) => model.capabilities.includes('text'))
          .map((model) => ({
            id: model.id,
            name: model.name,
            allowed: model.available,
            sandbox: model.provider === 'sandbox',
          })),
        defaultModel: registry.defaultModelId(plan),
        limits: {
          dailyPages: usage.limit,
          remainingToday: usage.remaining,
          maxFileBytes: maxFileBytes(caller),
          maxPages: config.maxPages,
        },
      };
    },

    /**
     * POST /api/office/documents: one page taken from today's allowance (the estimate: a
     * document has at least one), held under the job; the file kept as it came until the job
     * has read it; the job queued with whom its pages count against, to take the rest once the
     * reader knows how many there are.
     */
    async upload(
      caller: KeyedCaller,
      file: { fileName: string; data: Buffer },
    ): Promise<OfficeJob> {
      const limit = maxFileBytes(caller);
      if (file.data.length > limit) {
        throw new HttpError(413, officeServiceTexts.tooLarge(limit, caller.kind === 'user'));
      }
      const owner = documentOwnerOf(caller);
      const keys = await deps.quota.takeUnits(caller, 1);
      const stableId = randomUUID();
      const jobId = jobIdFor(deps.kinds.read.kind, stableId);
      let held = false;
      let incomingKey: string | null = null;
      try {
        const stored = await deps.storage.put({
          owner: storageOwnerOf(owner),
          purpose: incomingOfficePurpose,
          extension: 'bin',
          contentType: 'application/octet-stream',
          body: file.data,
          maxBytes: limit,
        });
        incomingKey = stored.key;
        await deps.pagesSettlement.hold(jobId, keys, 1);
        held = true;
        const job = await deps.jobs.enqueue(
          deps.kinds.read,
          {
            owner,
            incomingKey,
            fileName: file.fileName.slice(0, 300) || 'document',
            maxBytes: limit,
            counts: deps.quota.countsOf(caller),
            units: 1,
            ...(keys[0] ? { day: keys[0].day } : {}),
          },
          { ownerId: ownerIdOf(caller), jobId: stableId },
        );
        return deps.userJobs.view(job) as OfficeJob;
      } catch (error) {
        if (held) await deps.pagesSettlement.settle(jobId, 0);
        else await deps.quota.giveBack(keys, 1);
        if (incomingKey) await deps.storage.delete(incomingKey).catch(() => undefined);
        throw error;
      }
    },

    async convert(caller: KeyedCaller, id: string, to: OfficeFormat): Promise<OfficeJob> {
      const owner = documentOwnerOf(caller);
      const document = await owned(owner, id);
      if (!officeConversions[document.format].includes(to)) {
        throw new HttpError(409, officeTexts.cannotConvert);
      }
      const job = await deps.jobs.enqueue(
        deps.kinds.convert,
        { owner, sourceId: document.id, to },
        { ownerId: ownerIdOf(caller) },
      );
      return deps.userJobs.view(job) as OfficeJob;
    },

    async translate(
      caller: KeyedCaller,
      id: string,
      to: OfficeLanguage,
      modelId: string | null,
    ): Promise<OfficeJob> {
      const owner = documentOwnerOf(caller);
      const document = await owned(owner, id);
      return startWithChat(caller, deps.kinds.translate, modelId, (model) => ({
        owner,
        sourceId: document.id,
        to,
        model,
      }));
    },

    async generate(caller: KeyedCaller, request: OfficeGenerationRequest): Promise<OfficeJob> {
      return startWithChat(caller, deps.kinds.generate, request.model, (model) => ({
        owner: documentOwnerOf(caller),
        format: request.format,
        prompt: request.prompt,
        language: request.language,
        model,
      }));
    },

    async list(
      owner: string,
      cursor: string | undefined,
      limit: number,
    ): Promise<OfficeDocumentsPage> {
      const after = cursor === undefined ? null : decodePageCursor(cursor);
      if (cursor !== undefined && after === null) {
        throw new HttpError(400, officeServiceTexts.badCursor);
      }
      const page = await repository.page(owner, after, limit);
      return {
        documents: page.documents.map(toOfficeDocument),
        nextCursor: page.next ? encodePageCursor(page.next) : null,
      };
    },

    async get(owner: string, id: string): Promise<OfficeDocument> {
      return toOfficeDocument(await owned(owner, id));
    },

    async content(owner: string, id: string): Promise<OfficeDocumentContent> {
      const { document, parts } = await withParts(owner, id);
      return { document: toOfficeDocument(document), parts };
    },

    async file(owner: string, id: string): Promise<OfficeFileToSend> {
      const document = await owned(owner, id);
      return { key: document.fileKey, fileName: document.fileName };
    },

    async remove(owner: string, id: string): Promise<void> {
      const keys = await repository.deleteOwned(owner, id);
      if (keys === null) throw notFound();
      // A file left by a store that is down is the orphan sweep's: no row names it any more.
      await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
    },

    async tables(owner: string, id: string): Promise<OfficeTablesResponse> {
      const { document, parts } = await withParts(owner, id);
      const tables = tablesOf({ format: document.format, title: document.title, parts });
      return {
        tables: tables.map(({ ref, table }, index) => ({
          number: index + 1,
          ref,
          rows: table.rows.length,
          columns: Math.max(0, ...table.rows.map((row) => row.length)),
          preview: table.rows.slice(0, previewRows),
        })),
      };
    },

    /** One table as CSV or XLSX, named after the document and the table's number. */
    async table(
      owner: string,
      id: string,
      number: number,
      format: 'csv' | 'xlsx',
    ): Promise<{ body: Buffer; fileName: string; contentType: string }> {
      const { document, parts } = await withParts(owner, id);
      const found = tablesOf({ format: document.format, title: document.title, parts })[number - 1];
      if (!found) throw new HttpError(404, officeServiceTexts.noSuchTable);
      const stem = document.fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'document';
      const fileName = `${stem}-table-${number}.${format}`;
      if (format === 'csv') {
        return { body: writeCsv(found.table), fileName, contentType: 'text/csv; charset=utf-8' };
      }
      const body = await writeXlsx({
        format: 'xlsx',
        title: document.title,
        parts: [{ ref: found.ref, source: 'text', blocks: [found.table] }],
      });
      return {
        body,
        fileName,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
    },

    /** A PDF document's page drawn as a PNG (for a citation's preview). */
    async pagePicture(owner: string, id: string, page: number): Promise<Buffer> {
      const document = await owned(owner, id);
      if (document.format !== 'pdf' || page < 1 || page > document.parts) {
        throw new HttpError(404, officeServiceTexts.notAPage);
      }
      const bytes = await readObject(deps.storage, document.fileKey);
      if (!bytes) throw notFound();
      // pdfjs takes a plain Uint8Array, not a Buffer.
      return renderPdfPage(new Uint8Array(bytes), page, pagePictureDpi);
    },

    async answers(owner: string, id: string): Promise<OfficeAnswersResponse> {
      const answers = await repository.answers(owner, id);
      if (answers === null) throw notFound();
      return { answers };
    },

    /** A cancel went through: what the job held (pages or a chat message) goes back. */
    cancelled: async (jobId: string) => {
      await deps.pagesSettlement.settle(jobId, 0);
      await deps.chatSettlement.settle(jobId, 0);
    },

    /** The sweep: visitors' documents whose day is over, with their files. */
    async sweepExpired(): Promise<{ deleted: number }> {
      let deleted = 0;
      for (;;) {
        const expired = await repository.expired(deps.now(), 200);
        if (expired.length === 0) return { deleted };
        await Promise.all(
          expired.flatMap((document) =>
            document.keys.map((key) => deps.storage.delete(key).catch(() => undefined)),
          ),
        );
        await repository.deleteMany(expired.map((document) => document.id));
        deleted += expired.length;
        if (expired.length < 200) return { deleted };
      }
    },
  };
}

export type OfficeService = ReturnType<typeof createOfficeService>;
