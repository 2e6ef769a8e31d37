import type { VoiceFormat, VoiceLanguage } from '@studio/contracts';
import type { Kysely, Selectable } from 'kysely';
import { keysNamedIn } from '../../db/storage-keys.ts';
import type { Tables, VoiceClipsTable } from '../../db/tables.ts';
import { newestFirstPage, type PageCursor } from '../../db/newest-first-page.ts';
import { toIsoString } from '../../db/timestamps.ts';

/** One of a signed-in user's clips, as the domain sees it. */
export interface StoredVoiceClip {
  id: string;
  userId: string;
  text: string;
  language: VoiceLanguage;
  voice: string;
  voiceName: string;
  engine: string;
  speed: number;
  pitch: number;
  format: VoiceFormat;
  instructions: string | null;
  characters: number;
  durationMs: number;
  bytes: number;
  storageKey: string;
  /** ISO 8601. */
  createdAt: string;
}

export type NewVoiceClip = Omit<StoredVoiceClip, 'createdAt'>;

/** Where a page of clips starts: after this (created_at, id), newest first. */
export type VoiceClipsCursor = PageCursor;

function toClip(row: Selectable<VoiceClipsTable>): StoredVoiceClip {
  return {
    id: row.id,
    userId: row.user_id,
    text: row.text,
    language: row.language as VoiceLanguage,
    voice: row.voice,
    voiceName: row.voice_name,
    engine: row.engine,
    speed: Number(row.speed),
    pitch: Number(row.pitch),
    format: row.format as VoiceFormat,
    instructions: row.instructions,
    characters: row.characters,
    durationMs: row.duration_ms,
    bytes: row.bytes,
    storageKey: row.storage_key,
    createdAt: toIsoString(row.created_at),
  };
}

/**
 * voice_clips (a user's clips: every query names its owner, so another user's clip is never
 * found) and voice_parts (each job's spoken sentences while they are kept; who may read a job's
 * parts is the job's owner, checked by the caller before asking here).
 */
export function createVoiceRepository(db: Kysely<Tables>) {
  return {
    async insertClip(clip: NewVoiceClip, now: Date): Promise<StoredVoiceClip> {
      const createdAt = now.toISOString();
      await db
        .insertInto('voice_clips')
        .values({
          id: clip.id,
          user_id: clip.userId,
          text: clip.text,
          language: clip.language,
          voice: clip.voice,
          voice_name: clip.voiceName,
          engine: clip.engine,
          speed: clip.speed,
          pitch: clip.pitch,
          format: clip.format,
          instructions: clip.instructions,
          characters: clip.characters,
          duration_ms: clip.durationMs,
          bytes: clip.bytes,
          storage_key: clip.storageKey,
          created_at: createdAt,
        })
        .execute();
      return { ...clip, createdAt };
    },

    /** One page of the user's clips, newest first; `next` is where the following page starts. */
    async page(
      userId: string,
      after: VoiceClipsCursor | null,
      size: number,
    ): Promise<{ clips: StoredVoiceClip[]; next: VoiceClipsCursor | null }> {
      const { rows, next } = await newestFirstPage(
        db.selectFrom('voice_clips').selectAll().where('user_id', '=', userId),
        after,
        size,
      );
      return { clips: rows.map(toClip), next };
    },

    /** The clip if `userId` owns it; another user's is as absent as an unknown one. */
    async findOwned(userId: string, id: string): Promise<StoredVoiceClip | null> {
      const row = await db
        .selectFrom('voice_clips')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toClip(row) : null;
    },

    /** The user's clips among these ids (in no particular order). */
    async findManyOwned(userId: string, ids: string[]): Promise<StoredVoiceClip[]> {
      const found: StoredVoiceClip[] = [];
      for (let start = 0; start < ids.length; start += 500) {
        const rows = await db
          .selectFrom('voice_clips')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', 'in', ids.slice(start, start + 500))
          .execute();
        found.push(...rows.map(toClip));
      }
      return found;
    },

    /** Deletes the owner's clip; returns its storage key (null when not theirs or gone). */
    async deleteOwned(userId: string, id: string): Promise<string | null> {
      const row = await db
        .deleteFrom('voice_clips')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('storage_key')
        .executeTakeFirst();
      return row?.storage_key ?? null;
    },

    /** Which of these storage keys a clip still names (the orphan sweep's question for `voice`). */
    existingKeys: (keys: string[]) => keysNamedIn(db, 'voice_clips', keys),

    /**
     * Records part `index` of a job. A second record of the same part (a retried job that found
     * it spoken already) keeps the first.
     */
    async insertPart(jobId: string, index: number, storageKey: string, now: Date): Promise<void> {
      await db
        .insertInto('voice_parts')
        .values({
          job_id: jobId,
          idx: index,
          storage_key: storageKey,
          created_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['job_id', 'idx']).doNothing())
        .execute();
    },

    /** The file of part `index` of a job, or null while it is not spoken (or no longer kept). */
    async findPart(jobId: string, index: number): Promise<string | null> {
      const row = await db
        .selectFrom('voice_parts')
        .select('storage_key')
        .where('job_id', '=', jobId)
        .where('idx', '=', index)
        .executeTakeFirst();
      return row?.storage_key ?? null;
    },

    /** Forgets the parts recorded before `before`; returns their files' keys (to delete). */
    async deletePartsOlderThan(before: Date): Promise<string[]> {
      const rows = await db
        .deleteFrom('voice_parts')
        .where('created_at', '<', before.toISOString())
        .returning('storage_key')
        .execute();
      return rows.map((row) => row.storage_key);
    },
  };
}

export type VoiceRepository = ReturnType<typeof createVoiceRepository>;
