import { decodePageCursor, encodePageCursor } from '../../db/newest-first-page.ts';
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  type VisionCatalogueResponse,
  type VisionLanguage,
  visionLanguages,
  type VisionRead,
  type VisionReadJob,
  type VisionReadsPage,
  type VisionTableFormat,
  visionTexts,
} from '@studio/contracts';
import { type DocumentModel, writeCsv, writeXlsx } from '@studio/documents';
import { errorTexts, HttpError } from '../../http/errors.ts';
import type { JobKind, JobQueue } from '../../jobs/job-queue.ts';
import { jobIdFor } from '../../jobs/job-rules.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { type Caller, callerPlan, type KeyedCaller, ownerIdOf } from '../callers/caller.ts';
import type { UserJobsService } from '../jobs/user-jobs.service.ts';
import type { ModelRegistry } from '../models/model-registry.ts';
import {
  type ImageLimits,
  processImage,
  type ProcessedImage,
} from '../uploads/image-processing.ts';
import type { QuotaSettlement } from '../usage/quota-settlement.ts';
import type { VisionConfig } from './vision-config.ts';
import {
  type VisionReadPayload,
  visionPurpose,
  visionReadJobKind,
  visitorVisionPurpose,
} from './vision-job.ts';
import type { VisionQuota } from './vision-quota.ts';
import { tableOf } from './vision-table.ts';
import { visionServiceTexts } from './vision-texts.ts';
import { fileBaseName, keptFileName, toVisionRead } from './vision-views.ts';
import type { StoredVisionRead, VisionRepository } from './vision.repository.ts';

const notFound = () => new HttpError(404, errorTexts[404]);

/** What POST /api/vision/reads brings: a file, or the id of one of the caller's images. */
export interface VisionReadSource {
  file: { data: Buffer; name: string | null } | null;
  imageId: string | null;
  /** The `languages` field as sent (null: both). */
  languages: string | null;
}

/** A generated image's stored file, when the user owns it (the image tools' gallery). */
export interface GalleryFiles {
  file(userId: string, id: string): Promise<{ key: string; fileName: string }>;
}

/** A table to send: its bytes, type and the name a download gives it. */
export interface VisionTableFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

const tableTypes: Record<VisionTableFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `en`, `vi` or `en,vi` (any order, spaces allowed) as a list; null when it is not one. */
export function parseLanguages(text: string | null): VisionLanguage[] | null {
  if (text === null || text.trim() === '') return [...visionLanguages];
  const asked = text.split(',').map((part) => part.trim().toLowerCase());
  const known = new Set<string>(visionLanguages);
  if (asked.length > 2 || asked.some((language) => !known.has(language))) return null;
  return visionLanguages.filter((language) => asked.includes(language));
}

/**
 * The vision tool's service: the catalogue (engine, models, allowance), starting a read (its
 * checks, the picture stored, the unit held, the job), a caller's reads (pages, one, its picture,
 * its table) and deleting them, and the sweep of visitors' expired reads. Every read names its
 * owner: another caller's read is not found.
 */
export function createVisionService(deps: {
  repository: VisionRepository;
  storage: ObjectStore;
  quota: VisionQuota;
  settlement: QuotaSettlement;
  config: VisionConfig;
  /** The picture limits: the uploads' bytes and side, the lesser of theirs and the engine's pixels. */
  limits: ImageLimits;
  engineName: string;
  engineLanguages: () => readonly VisionLanguage[];
  models: () => ModelRegistry;
  gallery: () => GalleryFiles;
  jobs: JobQueue;
  userJobs: UserJobsService;
  kind: JobKind<VisionReadPayload, unknown>;
  now: () => Date;
}) {
  const { repository, storage, quota } = deps;
  // A re-encoded picture can outgrow its upload (a photo saved as PNG), never its raw pixels.
  const storedMaxBytes = deps.limits.maxPixels * 4 + 1024 * 1024;

  /** The caller's read, unexpired; another owner's is as absent as an unknown one. */
  async function owned(owner: string, id: string): Promise<StoredVisionRead> {
    const read = await repository.findOwned(owner, id);
    if (!read) throw notFound();
    if (read.expiresAt !== null && new Date(read.expiresAt) <= deps.now()) {
      throw new HttpError(404, visionTexts.expired);
    }
    return read;
  }

  /** The picture to read, checked and re-encoded by the upload rules, and its name. */
  async function pictureOf(
    caller: KeyedCaller,
    source: VisionReadSource,
  ): Promise<{ image: ProcessedImage; fileName: string }> {
    if (source.file) {
      const image = await processImage(source.file.data, deps.limits);
      return { image, fileName: keptFileName(source.file.name, image.extension) };
    }
    // Only a signed-in user has a gallery; a visitor's images live in their browser.
    if (caller.kind !== 'user' || source.imageId === null) throw notFound();
    const file = await deps.gallery().file(caller.user.id, source.imageId);
    const object = await storage.get(file.key);
    if (!object) throw notFound();
    const image = await processImage(await buffer(object.body), deps.limits);
    return { image, fileName: file.fileName };
  }

  return {
    /** GET /api/vision/catalogue */
    async catalogue(caller: Caller): Promise<VisionCatalogueResponse> {
      const plan = callerPlan(caller, deps.now());
      const models = deps
        .models()
        .forPlan(plan)
        .map((model) => ({
          id: model.id,
          name: model.name,
          vision: model.capabilities.includes('vision'),
          allowed: model.available,
          sandbox: model.provider === 'sandbox',
        }));
      const usage = await quota.usage(caller);
      return {
        engine: deps.engineName,
        languages: [...deps.engineLanguages()],
        models,
        defaultVisionModel: models.find((model) => model.vision && model.allowed)?.id ?? null,
        limits: {
          dailyReads: usage.limit,
          remainingToday: usage.remaining,
          maxFileBytes: deps.limits.maxBytes,
          maxPixels: deps.limits.maxPixels,
        },
      };
    },

    /**
     * POST /api/vision/reads: the form checked (one source, known languages), the picture checked
     * and re-encoded, then one picture taken from today's allowance, the picture stored and the
     * job queued (its id chosen first, so its unit is held before it can end). Whatever fails
     * before the job is queued gives the unit back and deletes the stored picture.
     */
    async start(caller: KeyedCaller, source: VisionReadSource): Promise<VisionReadJob> {
      if (source.file && source.imageId !== null) {
        throw new HttpError(400, visionTexts.oneSource);
      }
      if (!source.file && source.imageId === null) {
        throw new HttpError(400, visionTexts.pictureRequired);
      }
      const languages = parseLanguages(source.languages);
      if (!languages) throw new HttpError(400, visionTexts.badLanguages);
      const { image, fileName } = await pictureOf(caller, source);

      const keys = await quota.takeUnits(caller, 1);
      const readId = randomBytes(16).toString('base64url');
      const jobId = jobIdFor(visionReadJobKind, readId);
      const user = caller.kind === 'user';
      let held = false;
      let storedKey: string | null = null;
      try {
        const stored = await storage.put({
          owner: user ? `user:${caller.user.id}` : 'system',
          purpose: user ? visionPurpose : visitorVisionPurpose,
          extension: image.extension,
          contentType: image.mimeType,
          body: image.data,
          maxBytes: storedMaxBytes,
        });
        storedKey = stored.key;
        await deps.settlement.hold(jobId, keys, 1);
        held = true;
        const owner = ownerIdOf(caller);
        const job = await deps.jobs.enqueue(
          deps.kind,
          {
            owner,
            user,
            readId,
            storageKey: stored.key,
            fileName,
            bytes: image.data.length,
            width: image.width,
            height: image.height,
            languages,
            expiresAt: user
              ? null
              : new Date(deps.now().getTime() + deps.config.transientLifeMs).toISOString(),
            units: 1,
          },
          { ownerId: owner, jobId: readId },
        );
        return deps.userJobs.view(job) as VisionReadJob;
      } catch (error) {
        // Nothing queued: nothing is counted, nothing is kept.
        if (held) await deps.settlement.settle(jobId, 0);
        else await quota.giveBack(keys, 1);
        if (storedKey) await storage.delete(storedKey).catch(() => undefined);
        throw error;
      }
    },

    /** GET /api/vision/reads: a page of the caller's reads, newest first (answers left out). */
    async page(owner: string, cursor: string | undefined, limit: number): Promise<VisionReadsPage> {
      const after = cursor === undefined ? null : decodePageCursor(cursor);
      if (cursor !== undefined && after === null) {
        throw new HttpError(400, visionServiceTexts.badCursor);
      }
      const page = await repository.page(owner, after, limit);
      const now = deps.now();
      return {
        reads: page.reads
          .filter((read) => read.expiresAt === null || new Date(read.expiresAt) > now)
          .map((read) => toVisionRead(read, [])),
        nextCursor: page.next ? encodePageCursor(page.next) : null,
      };
    },

    /** One of the caller's reads with its answers. */
    async get(owner: string, id: string): Promise<VisionRead> {
      const read = await owned(owner, id);
      return toVisionRead(read, await repository.answers(read.id));
    },

    /** The caller's read as stored (for its answers). */
    owned,

    /** The stored picture of one of the caller's reads. */
    async file(owner: string, id: string): Promise<{ key: string; fileName: string }> {
      const read = await owned(owner, id);
      return { key: read.storageKey, fileName: read.fileName };
    },

    /** The read's text as a table (CSV or XLSX); 409 when its lines make none. */
    async table(owner: string, id: string, format: VisionTableFormat): Promise<VisionTableFile> {
      const read = await owned(owner, id);
      const table = tableOf(read.lines);
      if (!table) {
        throw new HttpError(409, read.text.trim() ? visionTexts.noTable : visionTexts.noText);
      }
      const base = fileBaseName(read.fileName);
      const fileName = `${base}-table.${format}`;
      if (format === 'csv') {
        return { body: writeCsv(table.rows), contentType: tableTypes.csv, fileName };
      }
      const model: DocumentModel = {
        format: 'xlsx',
        title: base,
        parts: [
          {
            ref: { kind: 'sheet', number: 1, name: null },
            blocks: [{ type: 'table', header: true, rows: table.rows }],
            source: 'ocr',
          },
        ],
      };
      const language =
        read.languages.length === 1 && read.languages[0] === 'vi' ? 'vi-VN' : 'en-US';
      return {
        body: await writeXlsx(model, { title: base, language }),
        contentType: tableTypes.xlsx,
        fileName,
      };
    },

    /** Deletes the caller's read, its answers and its picture. */
    async remove(owner: string, id: string): Promise<void> {
      const key = await repository.deleteOwned(owner, id);
      if (key === null) throw notFound();
      // A file left by a store that is down is the orphan sweep's: no row names it any more.
      await storage.delete(key).catch(() => undefined);
    },

    /** The `vision.sweep` job: visitors' reads past their time, with their pictures and answers. */
    async sweep(): Promise<{ deleted: number }> {
      let deleted = 0;
      for (;;) {
        const expired = await repository.expired(deps.now(), 200);
        if (expired.length === 0) return { deleted };
        await Promise.all(
          expired.map((read) => storage.delete(read.storageKey).catch(() => undefined)),
        );
        await repository.deleteMany(expired.map((read) => read.id));
        deleted += expired.length;
        if (expired.length < 200) return { deleted };
      }
    },

    /**
     * A cancel went through: a job cancelled before it ran gives its unit back here (a running one
     * does it itself); its picture, named by no read, is the orphan sweep's.
     */
    async cancelled(jobId: string): Promise<void> {
      await deps.settlement.settle(jobId, 0);
    },
  };
}

export type VisionService = ReturnType<typeof createVisionService>;
