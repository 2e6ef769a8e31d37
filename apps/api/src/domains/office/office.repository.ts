import {
  type OfficeAnswer,
  type OfficeFormat,
  officeFormat,
  type OfficeOperation,
  officeOperation,
  type OfficePartRef,
  officePartRef,
  officeSource,
} from '@studio/contracts';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { OfficeAnswersTable, OfficeDocumentsTable, Tables } from '../../db/tables.ts';
import { newestFirstPage, type PageCursor } from '../../db/newest-first-page.ts';
import { toIsoString } from '../../db/timestamps.ts';

/** One kept document, as the domain sees it (its parts are read apart: they can be large). */
export interface StoredOfficeDocument {
  id: string;
  /** `user:<id>` or `visitor:<hash>`. */
  owner: string;
  fileKey: string;
  fileName: string;
  format: OfficeFormat;
  bytes: number;
  title: string | null;
  parts: number;
  partKind: OfficePartRef['kind'];
  ocrParts: number[];
  tables: number;
  operation: OfficeOperation;
  sourceId: string | null;
  /** The object holding the parts' JSON when they were too large for the row. */
  modelKey: string | null;
  /** ISO 8601. */
  createdAt: string;
  expiresAt: string | null;
}

export type NewOfficeDocument = Omit<StoredOfficeDocument, 'createdAt'> & {
  /** The parts as JSON, or null when `modelKey` holds them. */
  model: string | null;
};

/** Where a page of documents starts: after this (created_at, id), newest first. */
export type OfficeDocumentsCursor = PageCursor;

const ocrParts = z.array(z.number().int().min(1));
const sources = z.array(officeSource);
const partKind = officePartRef.shape.kind;
const answerTask = z.enum(['summary', 'ask']);
const answerState = z.enum(['complete', 'stopped', 'failed']);

function toDocument(row: Selectable<OfficeDocumentsTable>): StoredOfficeDocument | null {
  const format = officeFormat.safeParse(row.format);
  const operation = officeOperation.safeParse(row.operation);
  const kind = partKind.safeParse(row.part_kind);
  const ocr = ocrParts.safeParse(JSON.parse(row.ocr_parts));
  // A row this code cannot read (written by a later version) is left out, not guessed at.
  if (!format.success || !operation.success || !kind.success || !ocr.success) return null;
  return {
    id: row.id,
    owner: row.owner,
    fileKey: row.storage_key,
    fileName: row.file_name,
    format: format.data,
    bytes: row.bytes,
    title: row.title,
    parts: row.parts,
    partKind: kind.data,
    ocrParts: ocr.data,
    tables: row.tables,
    operation: operation.data,
    sourceId: row.source_id,
    modelKey: row.model_key,
    createdAt: toIsoString(row.created_at),
    expiresAt: row.expires_at === null ? null : toIsoString(row.expires_at),
  };
}

function toAnswer(row: Selectable<OfficeAnswersTable>): OfficeAnswer | null {
  const task = answerTask.safeParse(row.task);
  const state = answerState.safeParse(row.state);
  const cited = sources.safeParse(JSON.parse(row.sources));
  if (!task.success || !state.success || !cited.success) return null;
  return {
    id: row.id,
    task: task.data,
    question: row.question,
    text: row.text,
    sources: cited.data,
    state: state.data,
    modelId: row.model_id,
    modelName: row.model_name,
    createdAt: toIsoString(row.created_at),
  };
}

/** Every stored key of a document: its file, and its parts' JSON when kept apart. */
export const keysOfDocument = (document: Pick<StoredOfficeDocument, 'fileKey' | 'modelKey'>) => [
  document.fileKey,
  ...(document.modelKey ? [document.modelKey] : []),
];

/**
 * office_documents and office_answers. Every query that takes an id names its owner too, so
 * another caller's document (and its answers) is never found.
 */
export function createOfficeRepository(db: Kysely<Tables>) {
  const owned = (owner: string, id: string) =>
    db.selectFrom('office_documents').where('owner', '=', owner).where('id', '=', id);

  return {
    async insert(document: NewOfficeDocument, now: Date): Promise<StoredOfficeDocument> {
      const createdAt = now.toISOString();
      await db
        .insertInto('office_documents')
        .values({
          id: document.id,
          owner: document.owner,
          user_id: document.owner.startsWith('user:') ? document.owner.slice('user:'.length) : null,
          storage_key: document.fileKey,
          file_name: document.fileName,
          format: document.format,
          bytes: document.bytes,
          title: document.title,
          parts: document.parts,
          part_kind: document.partKind,
          ocr_parts: JSON.stringify(document.ocrParts),
          tables: document.tables,
          operation: document.operation,
          source_id: document.sourceId,
          model: document.model,
          model_key: document.modelKey,
          created_at: createdAt,
          expires_at: document.expiresAt,
        })
        .execute();
      return {
        id: document.id,
        owner: document.owner,
        fileKey: document.fileKey,
        fileName: document.fileName,
        format: document.format,
        bytes: document.bytes,
        title: document.title,
        parts: document.parts,
        partKind: document.partKind,
        ocrParts: document.ocrParts,
        tables: document.tables,
        operation: document.operation,
        sourceId: document.sourceId,
        modelKey: document.modelKey,
        createdAt,
        expiresAt: document.expiresAt,
      };
    },

    /** The owner's document; another owner's is as absent as an unknown one. */
    async findOwned(owner: string, id: string): Promise<StoredOfficeDocument | null> {
      const row = await owned(owner, id).selectAll().executeTakeFirst();
      return row ? toDocument(row) : null;
    },

    /** The owner's document's parts: the JSON in the row, or the key of the object holding it. */
    async modelOf(
      owner: string,
      id: string,
    ): Promise<{ model: string | null; modelKey: string | null } | null> {
      const row = await owned(owner, id).select(['model', 'model_key']).executeTakeFirst();
      return row ? { model: row.model, modelKey: row.model_key } : null;
    },

    /** One page of the owner's documents, newest first; `next` is where the following starts. */
    async page(
      owner: string,
      after: OfficeDocumentsCursor | null,
      size: number,
    ): Promise<{ documents: StoredOfficeDocument[]; next: OfficeDocumentsCursor | null }> {
      const { rows, next } = await newestFirstPage(
        db.selectFrom('office_documents').selectAll().where('owner', '=', owner),
        after,
        size,
      );
      return { documents: rows.flatMap((row) => toDocument(row) ?? []), next };
    },

    /** Deletes the owner's document (its answers with it); its keys, or null when not theirs. */
    async deleteOwned(owner: string, id: string): Promise<string[] | null> {
      const row = await owned(owner, id).select(['storage_key', 'model_key']).executeTakeFirst();
      if (!row) return null;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('office_answers').where('document_id', '=', id).execute();
        await trx
          .deleteFrom('office_documents')
          .where('id', '=', id)
          .where('owner', '=', owner)
          .execute();
      });
      return keysOfDocument({ fileKey: row.storage_key, modelKey: row.model_key });
    },

    /** Up to `limit` documents whose time is over (a visitor's, a day on), with their keys. */
    async expired(now: Date, limit: number): Promise<{ id: string; keys: string[] }[]> {
      const rows = await db
        .selectFrom('office_documents')
        .select(['id', 'storage_key', 'model_key'])
        .where('expires_at', 'is not', null)
        .where('expires_at', '<=', now.toISOString())
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        keys: keysOfDocument({ fileKey: row.storage_key, modelKey: row.model_key }),
      }));
    },

    /** Deletes these documents and their answers (the sweep, after their files). */
    async deleteMany(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('office_answers').where('document_id', 'in', ids).execute();
        await trx.deleteFrom('office_documents').where('id', 'in', ids).execute();
      });
    },

    /** Which of these storage keys a document still names (the orphan sweep's question). */
    async existingKeys(keys: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let start = 0; start < keys.length; start += 500) {
        const chunk = keys.slice(start, start + 500);
        const rows = await db
          .selectFrom('office_documents')
          .select(['storage_key', 'model_key'])
          .where((eb) => eb.or([eb('storage_key', 'in', chunk), eb('model_key', 'in', chunk)]))
          .execute();
        for (const row of rows) {
          found.add(row.storage_key);
          if (row.model_key) found.add(row.model_key);
        }
      }
      return found;
    },

    async insertAnswer(documentId: string, answer: OfficeAnswer): Promise<void> {
      await db
        .insertInto('office_answers')
        .values({
          id: answer.id,
          document_id: documentId,
          task: answer.task,
          question: answer.question,
          text: answer.text,
          sources: JSON.stringify(answer.sources),
          state: answer.state,
          model_id: answer.modelId,
          model_name: answer.modelName,
          created_at: answer.createdAt,
        })
        .execute();
    },

    /** The answers kept for the owner's document, oldest first (null when not theirs). */
    async answers(owner: string, documentId: string): Promise<OfficeAnswer[] | null> {
      const document = await owned(owner, documentId).select('id').executeTakeFirst();
      if (!document) return null;
      const rows = await db
        .selectFrom('office_answers')
        .selectAll()
        .where('document_id', '=', documentId)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.flatMap((row) => toAnswer(row) ?? []);
    },
  };
}

export type OfficeRepository = ReturnType<typeof createOfficeRepository>;
