import {
  officeFormat,
  officeGeneratedFormat,
  type OfficeFormat,
  type OfficeJobResult,
  officeJobResult,
  officeLanguage,
  type OfficeOperation,
  type OfficePart,
  officeRefusals,
  type OfficeRefusal,
} from '@studio/contracts';
import {
  DocumentError,
  type DocumentModel,
  inspectFile,
  readDocumentInWorker,
  renderPdfPage,
} from '@studio/documents';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobDefinition, JobSteps } from '../../jobs/job-queue.ts';
import { FinalJobError } from '../../jobs/job-rules.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import type { ModelRegistry } from '../models/model-registry.ts';
import { describeProviderFailure, logProviderFailure } from '../providers/index.ts';
import { type OcrEngine, OcrError } from '../providers/ocr/ocr-engine.ts';
import { QuotaExceededError } from '../usage/quota-errors.ts';
import type { QuotaSettlement } from '../usage/quota-settlement.ts';
import type { OfficeConfig } from './office-config.ts';
import { madeFileName, writeDocument } from './office-files.ts';
import { planDocument } from './office-generation.ts';
import { type OfficeKeeper, readObject } from './office-keeper.ts';
import type { OfficeQuota } from './office-quota.ts';
import { officeJobTexts, officeRefusalTexts } from './office-texts.ts';
import { translateDocument } from './office-translation.ts';
import { toOfficeDocument } from './office-views.ts';

export const officeJobKinds = {
  read: 'office.read',
  convert: 'office.convert',
  translate: 'office.translate',
  generate: 'office.generate',
} as const;

const owner = z.string().regex(/^(user:[A-Za-z0-9_-]{1,64}|visitor:[A-Za-z0-9_-]{43})$/);
const quotaCount = z.object({
  subject: z.string().min(1).max(200),
  limit: z.number().int().min(0),
});
const chosenModel = z.object({ id: z.string().min(1).max(100), name: z.string().max(200) });

export const officeReadPayload = z.object({
  /** `user:<id>` or `visitor:<hash>`: who keeps the document. */
  owner,
  /** The file as uploaded, deleted once read (kept as the document's file) or refused. */
  incomingKey: z.string().min(1).max(300),
  fileName: z.string().min(1).max(300),
  /** The caller's plan's largest file. */
  maxBytes: z.number().int().min(1),
  /** Whom the pages count against, and their limits: the rest is taken once the pages are known. */
  counts: z.object({ own: quotaCount, ceilings: z.array(quotaCount).max(1).optional() }),
  /** Pages held when the job was queued (the estimate: one). */
  units: z.number().int().min(1),
  /** The UTC day they were taken on (YYYY-MM-DD): the rest is taken on the same day. */
  day: z.iso.date().optional(),
});
export type OfficeReadPayload = z.infer<typeof officeReadPayload>;

export const officeConvertPayload = z.object({
  owner,
  sourceId: z.string().min(1).max(100),
  to: officeFormat,
});
export type OfficeConvertPayload = z.infer<typeof officeConvertPayload>;

export const officeTranslatePayload = z.object({
  owner,
  sourceId: z.string().min(1).max(100),
  to: officeLanguage,
  model: chosenModel,
});
export type OfficeTranslatePayload = z.infer<typeof officeTranslatePayload>;

export const officeGeneratePayload = z.object({
  owner,
  format: officeGeneratedFormat,
  prompt: z.string().min(1).max(4000),
  language: officeLanguage,
  model: chosenModel,
});
export type OfficeGeneratePayload = z.infer<typeof officeGeneratePayload>;

export interface OfficeJobDependencies {
  keeper: OfficeKeeper;
  storage: ObjectStore;
  ocr: () => OcrEngine;
  models: () => Pick<ModelRegistry, 'get' | 'languageModel'>;
  quota: OfficeQuota;
  /** The pages a read holds, and the chat messages a translation or a generation holds. */
  pagesSettlement: QuotaSettlement;
  chatSettlement: QuotaSettlement;
  config: OfficeConfig;
  /** Where a model's or OCR's failure is logged (its kind; never the document or prompt). */
  log: FastifyBaseLogger;
  now: () => Date;
}

/** The format a translation is written in: what keeps the source's structure best. */
export function translationFormatOf(format: OfficeFormat): OfficeFormat {
  if (format === 'xlsx' || format === 'csv') return 'xlsx';
  if (format === 'pptx') return 'pptx';
  return 'docx';
}

const isRefusal = (code: string): code is OfficeRefusal =>
  (officeRefusals as readonly string[]).includes(code);

/** A reader's refusal as the job's failure: our fixed words, and its code as the detail. */
function refused(code: OfficeRefusal, cause?: unknown): FinalJobError {
  return new FinalJobError(officeRefusalTexts[code], { cause, detail: { refusal: code } });
}

/** Reads a file in the worker; a DocumentError becomes the refusal (a cancel stays a cancel). */
async function readOrRefuse(
  bytes: Uint8Array,
  options: Parameters<typeof readDocumentInWorker>[1],
  signal: AbortSignal,
) {
  try {
    return await readDocumentInWorker(bytes, options, signal);
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof DocumentError && isRefusal(error.code)) throw refused(error.code, error);
    throw error;
  }
}

/** OCR's text as paragraphs (its blank lines), each line joined to the next. */
export function ocrBlocks(text: string): OfficePart['blocks'] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .map((paragraph) => ({ type: 'paragraph' as const, spans: [{ text: paragraph }] }));
}

type Progress = (percent: number, stage: string, steps?: JobSteps) => Promise<void>;

export function createOfficeJobs(deps: OfficeJobDependencies) {
  const { keeper, storage, config } = deps;
  const readLimits = (maxBytes: number) => ({
    limits: { maxBytes, maxPages: config.maxPages },
    timeoutMs: config.readTimeoutMs,
    maxMemoryMb: config.readMemoryMb,
  });

  /** A made file, read back (its own parts, as its viewer shows them) and kept as a document. */
  async function keepMade(input: {
    owner: string;
    bytes: Buffer;
    format: OfficeFormat;
    fileName: string;
    operation: OfficeOperation;
    sourceId: string | null;
    signal: AbortSignal;
    progress: Progress;
  }): Promise<OfficeJobResult> {
    await input.progress(90, 'storing');
    const read = await readOrRefuse(
      input.bytes,
      { name: input.fileName, ...readLimits(Math.max(input.bytes.length, 1)) },
      input.signal,
    );
    const stored = await keeper.keep({
      owner: input.owner,
      bytes: input.bytes,
      fileName: input.fileName,
      format: input.format,
      model: read.document,
      operation: input.operation,
      sourceId: input.sourceId,
    });
    await input.progress(100, 'storing');
    return { document: toOfficeDocument(stored) };
  }

  /** The source document's model, or the job fails: it is gone (deleted, or a visitor's expired). */
  async function sourceModel(ownerId: string, sourceId: string) {
    const found = await keeper.withParts(ownerId, sourceId);
    if (!found) throw new FinalJobError(officeJobTexts.sourceGone);
    const model: DocumentModel = {
      format: found.document.format,
      title: found.document.title,
      parts: found.parts,
    };
    return { document: found.document, model };
  }

  /** The chat model a job was started with, or the job fails. */
  function languageModelOf(model: { id: string }) {
    const registry = deps.models();
    if (!registry.get(model.id)) throw new FinalJobError(officeJobTexts.noModel);
    return registry.languageModel(model.id);
  }

  /** A model call that failed, logged by kind only, as the job's failure in our words. */
  function modelFailed(error: unknown, modelId: string, signal: AbortSignal): never {
    signal.throwIfAborted();
    if (error instanceof FinalJobError) throw error;
    logProviderFailure(deps.log, {
      tool: 'office',
      model: modelId,
      failure: describeProviderFailure(error, null, deps.now()),
    });
    throw new FinalJobError(officeJobTexts.modelFailed, { cause: error });
  }

  /**
   * `office.read`: the uploaded file inspected (what it is, zip bombs, encryption, macros,
   * legacy formats), read in the worker thread, its scanned pages drawn and read with OCR, then
   * kept. Its pages are counted: one was held when it was queued; once the reader has said how
   * many parts there are, the rest is taken (from the counts recorded then) and added to the
   * hold; the hold is kept when the document is, and given back on a failure or a cancel.
   */
  async function read(
    jobId: string,
    payload: OfficeReadPayload,
    signal: AbortSignal,
    progress: Progress,
  ): Promise<OfficeJobResult> {
    await progress(0, 'inspecting');
    const bytes = await readObject(storage, payload.incomingKey);
    if (!bytes) throw new FinalJobError(officeRefusalTexts.empty, { detail: { refusal: 'empty' } });
    const limits = readLimits(payload.maxBytes);
    const inspection = inspectFile(bytes, payload.fileName, { limits: limits.limits });
    if (!inspection.ok) {
      if (isRefusal(inspection.code)) throw refused(inspection.code);
      throw new FinalJobError(officeRefusalTexts.malformed, { detail: { refusal: 'malformed' } });
    }
    signal.throwIfAborted();

    await progress(5, 'reading');
    const result = await readOrRefuse(bytes, { name: payload.fileName, ...limits }, signal);
    const model = result.document;
    if (model.parts.length > config.maxPages) throw refused('too-many-pages');
    const pages = Math.max(1, model.parts.length);
    if (pages > payload.units) {
      const extra = pages - payload.units;
      let keys;
      try {
        keys = await deps.quota.byCounts.takeUnits(payload.counts, extra, payload.day);
      } catch (error) {
        if (error instanceof QuotaExceededError) throw new FinalJobError(officeJobTexts.pagesLeft);
        throw error;
      }
      // A cancel that settled the hold meanwhile: the pages just taken go back with it.
      if (!(await deps.pagesSettlement.add(jobId, keys, extra))) signal.throwIfAborted();
    }

    const scanned = result.needsOcr;
    for (const [index, page] of scanned.entries()) {
      signal.throwIfAborted();
      await progress(40 + Math.floor((50 * index) / scanned.length), 'ocr', {
        done: index,
        total: scanned.length,
      });
      const part = model.parts.find((candidate) => candidate.ref.number === page);
      if (!part) continue;
      try {
        // pdfjs takes a plain Uint8Array (not a Buffer), and may detach it: a copy each time.
        const picture = await renderPdfPage(new Uint8Array(bytes), page, config.ocrDpi);
        const read = await deps.ocr().recognize(picture, { languages: ['en', 'vi'], signal });
        part.blocks = ocrBlocks(read.text);
        part.source = 'ocr';
      } catch (error) {
        signal.throwIfAborted();
        if (error instanceof OcrError) {
          logProviderFailure(deps.log, { tool: 'office', model: 'ocr', failure: error.failure });
          throw new FinalJobError(
            error.kind === 'busy' ? officeJobTexts.ocrBusy : officeJobTexts.ocrFailed,
            { cause: error },
          );
        }
        if (error instanceof DocumentError && isRefusal(error.code))
          throw refused(error.code, error);
        throw error;
      }
    }
    if (scanned.length > 0) {
      await progress(90, 'ocr', { done: scanned.length, total: scanned.length });
    }

    await progress(90, 'storing');
    const stored = await keeper.keep({
      owner: payload.owner,
      bytes,
      fileName: payload.fileName,
      format: inspection.format,
      model,
      operation: 'upload',
      sourceId: null,
    });
    await progress(100, 'storing');
    return { document: toOfficeDocument(stored) };
  }

  const common = {
    result: officeJobResult,
    // A document's work is deterministic: another attempt would fail the same way.
    attempts: 1,
    perOwnerConcurrency: config.jobsPerOwner,
    keepCompletedMs: config.transientLifeMs,
  };

  const readJob: JobDefinition<OfficeReadPayload, OfficeJobResult> = {
    ...common,
    kind: officeJobKinds.read,
    payload: officeReadPayload,
    async run({ id, payload, signal, progress }) {
      try {
        const result = await read(id, payload, signal, progress);
        await deps.pagesSettlement.settle(id, result.document.parts);
        return result;
      } catch (error) {
        await deps.pagesSettlement.settle(id, 0);
        throw error;
      } finally {
        // Kept as the document's own file, or refused: the upload itself goes either way.
        await storage.delete(payload.incomingKey).catch(() => undefined);
      }
    },
  };

  const convertJob: JobDefinition<OfficeConvertPayload, OfficeJobResult> = {
    ...common,
    kind: officeJobKinds.convert,
    payload: officeConvertPayload,
    async run({ payload, signal, progress }) {
      await progress(0, 'reading');
      const { document, model } = await sourceModel(payload.owner, payload.sourceId);
      await progress(30, 'writing');
      const bytes = await writeDocument(model, payload.to, { title: model.title, language: null });
      signal.throwIfAborted();
      return keepMade({
        owner: payload.owner,
        bytes,
        format: payload.to,
        fileName: madeFileName(document.fileName, payload.to),
        operation: 'convert',
        sourceId: document.id,
        signal,
        progress,
      });
    },
  };

  /** Runs a job that holds one chat message: kept when it makes its document, else given back. */
  const holdingChat =
    <Payload>(
      make: (context: {
        payload: Payload;
        signal: AbortSignal;
        progress: Progress;
      }) => Promise<OfficeJobResult>,
    ) =>
    async (context: { id: string; payload: Payload; signal: AbortSignal; progress: Progress }) => {
      try {
        const result = await make(context);
        await deps.chatSettlement.settle(context.id, 1);
        return result;
      } catch (error) {
        await deps.chatSettlement.settle(context.id, 0);
        throw error;
      }
    };

  const translateJob: JobDefinition<OfficeTranslatePayload, OfficeJobResult> = {
    ...common,
    kind: officeJobKinds.translate,
    payload: officeTranslatePayload,
    run: holdingChat<OfficeTranslatePayload>(async ({ payload, signal, progress }) => {
      await progress(0, 'reading');
      const { document, model } = await sourceModel(payload.owner, payload.sourceId);
      const languageModel = languageModelOf(payload.model);
      let translated: DocumentModel;
      try {
        translated = await translateDocument(model, payload.to, {
          languageModel,
          signal,
          onProgress: (done, total) =>
            void progress(5 + Math.floor((80 * done) / Math.max(1, total)), 'translating', {
              done,
              total,
            }).catch(() => undefined),
        });
      } catch (error) {
        modelFailed(error, payload.model.id, signal);
      }
      const format = translationFormatOf(document.format);
      await progress(85, 'writing');
      const bytes = await writeDocument(translated, format, {
        title: translated.title,
        language: payload.to,
      });
      return keepMade({
        owner: payload.owner,
        bytes,
        format,
        fileName: madeFileName(document.fileName, format, ` (${payload.to})`),
        operation: 'translate',
        sourceId: document.id,
        signal,
        progress,
      });
    }),
  };

  const generateJob: JobDefinition<OfficeGeneratePayload, OfficeJobResult> = {
    ...common,
    kind: officeJobKinds.generate,
    payload: officeGeneratePayload,
    run: holdingChat<OfficeGeneratePayload>(async ({ payload, signal, progress }) => {
      await progress(0, 'planning');
      const languageModel = languageModelOf(payload.model);
      let model: DocumentModel;
      try {
        model = await planDocument(payload.format, payload.prompt, payload.language, {
          languageModel,
          signal,
        });
      } catch (error) {
        modelFailed(error, payload.model.id, signal);
      }
      await progress(60, 'writing');
      const bytes = await writeDocument(model, payload.format, {
        title: model.title,
        language: payload.language,
      });
      return keepMade({
        owner: payload.owner,
        bytes,
        format: payload.format,
        fileName: madeFileName(model.title ?? 'document', payload.format),
        operation: 'generate',
        sourceId: null,
        signal,
        progress,
      });
    }),
  };

  return { readJob, convertJob, translateJob, generateJob };
}
