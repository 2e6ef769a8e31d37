import {
  type VisionAnswer,
  type VisionLanguage,
  visionLanguage,
  type VisionLine,
  visionLine,
  visionTask,
} from '@studio/contracts';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { keysNamedIn } from '../../db/storage-keys.ts';
import type { Tables, VisionAnswersTable, VisionReadsTable } from '../../db/tables.ts';
import { newestFirstPage, type PageCursor } from '../../db/newest-first-page.ts';
import { toIsoString } from '../../db/timestamps.ts';

/** A picture read, as the domain sees it (its file's key never leaves the domain). */
export interface StoredVisionRead {
  id: string;
  /** A user's id, or `visitor:<hash of their key>`. */
  owner: string;
  userId: string | null;
  storageKey: string;
  fileName: string;
  bytes: number;
  width: number;
  height: number;
  languages: VisionLanguage[];
  text: string;
  confidence: number;
  lines: VisionLine[];
  hasTable: boolean;
  engine: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601; null for a user's read. */
  expiresAt: string | null;
}

export type NewVisionRead = Omit<StoredVisionRead, 'createdAt'>;

/** Where a page of reads starts: after this (created_at, id), newest first. */
export type VisionReadsCursor = PageCursor;

const storedLines = z.array(visionLine);
const storedLanguages = z.array(visionLanguage).min(1);
const storedState = z.enum(['complete', 'stopped', 'failed']);

function toRead(row: Selectable<VisionReadsTable>): StoredVisionRead | null {
  const lines = storedLines.safeParse(JSON.parse(row.lines));
  const languages = storedLanguages.safeParse(row.languages.split(','));
  // A row this code cannot read (written by a later version) is left out, not guessed at.
  if (!lines.success || !languages.success) return null;
  return {
    id: row.id,
    owner: row.owner,
    userId: row.user_id,
    storageKey: row.storage_key,
    fileName: row.file_name,
    bytes: row.bytes,
    width: row.width,
    height: row.height,
    languages: languages.data,
    text: row.text,
    confidence: Number(row.confidence),
    lines: lines.data,
    hasTable: Number(row.has_table) === 1,
    engine: row.engine,
    createdAt: toIsoString(row.created_at),
    expiresAt: row.expires_at === null ? null : toIsoString(row.expires_at),
  };
}

function toAnswer(row: Selectable<VisionAnswersTable>): VisionAnswer | null {
  const task = visionTask.safeParse(row.task);
  const state = storedState.safeParse(row.state);
  const target =
    row.target_language === null ? null : visionLanguage.safeParse(row.target_language);
  if (!task.success || !state.success || (target !== null && !target.success)) return null;
  return {
    id: row.id,
    task: task.data,
    question: row.question,
    targetLanguage: target?.data ?? null,
    text: row.text,
    state: state.data,
    modelId: row.model_id,
    modelName: row.model_name,
    createdAt: toIsoString(row.created_at),
  };
}

/**
 * vision_reads and vision_answers: the pictures read and what was answered about them. Every
 * query that takes an id names its owner too, so another owner's read is never found.
 */
export function createVisionRepository(db: Kysely<Tables>) {
  return {
    async insert(read: NewVisionRead, now: Date): Promise<StoredVisionRead> {
      const createdAt = now.toISOString();
      await db
        .insertInto('vision_reads')
        .values({
          id: read.id,
          owner: read.owner,
          user_id: read.userId,
          storage_key: read.storageKey,
          file_name: read.fileName,
          bytes: read.bytes,
          width: read.width,
          height: read.height,
          languages: read.languages.join(','),
          text: read.text,
          confidence: read.confidence,
          lines: JSON.stringify(read.lines),
          has_table: read.hasTable ? 1 : 0,
          engine: read.engine,
          created_at: createdAt,
          expires_at: read.expiresAt,
        })
        .execute();
      return { ...read, createdAt };
    },

    /** The read if `owner` owns it; another owner's is as absent as an unknown one. */
    async findOwned(owner: string, id: string): Promise<StoredVisionRead | null> {
      const row = await db
        .selectFrom('vision_reads')
        .selectAll()
        .where('owner', '=', owner)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toRead(row) : null;
    },

    /** One page of the owner's reads, newest first; `next` is where the following page starts. */
    async page(
      owner: string,
      after: VisionReadsCursor | null,
      size: number,
    ): Promise<{ reads: StoredVisionRead[]; next: VisionReadsCursor | null }> {
      const { rows, next } = await newestFirstPage(
        db.selectFrom('vision_reads').selectAll().where('owner', '=', owner),
        after,
        size,
      );
      return { reads: rows.flatMap((row) => toRead(row) ?? []), next };
    },

    /** A read's answers, oldest first. */
    async answers(readId: string): Promise<VisionAnswer[]> {
      const rows = await db
        .selectFrom('vision_answers')
        .selectAll()
        .where('read_id', '=', readId)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.flatMap((row) => {
        const answer = toAnswer(row);
        return answer ? [answer] : [];
      });
    },

    async insertAnswer(readId: string, answer: VisionAnswer): Promise<void> {
      await db
        .insertInto('vision_answers')
        .values({
          id: answer.id,
          read_id: readId,
          task: answer.task,
          question: answer.question,
          target_language: answer.targetLanguage,
          text: answer.text,
          state: answer.state,
          model_id: answer.modelId,
          model_name: answer.modelName,
          created_at: answer.createdAt,
        })
        .execute();
    },

    /** Deletes the owner's read and its answers; returns its file's key (null when not theirs). */
    async deleteOwned(owner: string, id: string): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('vision_reads')
          .select('storage_key')
          .where('owner', '=', owner)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return null;
        await trx.deleteFrom('vision_answers').where('read_id', '=', id).execute();
        await trx.deleteFrom('vision_reads').where('id', '=', id).execute();
        return row.storage_key;
      });
    },

    /** Up to `limit` reads whose time is up (visitors'), with their files' keys. */
    async expired(now: Date, limit: number): Promise<{ id: string; storageKey: string }[]> {
      const rows = await db
        .selectFrom('vision_reads')
        .select(['id', 'storage_key'])
        .where('expires_at', 'is not', null)
        .where('expires_at', '<=', now.toISOString())
        .orderBy('expires_at', 'asc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, storageKey: row.storage_key }));
    },

    /** Deletes these reads and their answers. */
    async deleteMany(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('vision_answers').where('read_id', 'in', ids).execute();
        await trx.deleteFrom('vision_reads').where('id', 'in', ids).execute();
      });
    },

    /** Which of these storage keys a read still names (the orphan sweep's question). */
    existingKeys: (keys: string[]) => keysNamedIn(db, 'vision_reads', keys),
  };
}

export type VisionRepository = ReturnType<typeof createVisionRepository>;
