import type { Kysely } from 'kysely';
import { keysNamedIn } from '../../db/storage-keys.ts';
import type { Tables } from '../../db/tables.ts';

export interface StoredUpload {
  id: string;
  userId: string;
  mimeType: string;
  storageKey: string;
}

export interface NewUpload {
  id: string;
  userId: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
  storageKey: string;
}

/** The chat_uploads rows: who owns which stored image. */
export function createUploadsRepository(db: Kysely<Tables>) {
  return {
    async insert(upload: NewUpload, now: Date): Promise<void> {
      await db
        .insertInto('chat_uploads')
        .values({
          id: upload.id,
          user_id: upload.userId,
          mime_type: upload.mimeType,
          width: upload.width,
          height: upload.height,
          bytes: upload.bytes,
          storage_key: upload.storageKey,
          created_at: now.toISOString(),
        })
        .execute();
    },

    /** The upload if `userId` owns it; someone else's is as absent as an unknown one. */
    async findOwned(userId: string, id: string): Promise<StoredUpload | null> {
      const row = await db
        .selectFrom('chat_uploads')
        .select(['id', 'user_id', 'mime_type', 'storage_key'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row
        ? { id: row.id, userId: row.user_id, mimeType: row.mime_type, storageKey: row.storage_key }
        : null;
    },

    /** The rows whose storage key is one of these (the legacy files' migration). */
    async findByKeys(keys: string[]): Promise<StoredUpload[]> {
      const found: StoredUpload[] = [];
      for (let start = 0; start < keys.length; start += 500) {
        const rows = await db
          .selectFrom('chat_uploads')
          .select(['id', 'user_id', 'mime_type', 'storage_key'])
          .where('storage_key', 'in', keys.slice(start, start + 500))
          .execute();
        for (const row of rows) {
          found.push({
            id: row.id,
            userId: row.user_id,
            mimeType: row.mime_type,
            storageKey: row.storage_key,
          });
        }
      }
      return found;
    },

    /** Points a row at a new key if it still has the old one; false when another process won. */
    async replaceKey(id: string, from: string, to: string): Promise<boolean> {
      const result = await db
        .updateTable('chat_uploads')
        .set({ storage_key: to })
        .where('id', '=', id)
        .where('storage_key', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Which of these storage keys still have a row. */
    existingKeys: (keys: string[]) => keysNamedIn(db, 'chat_uploads', keys),
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
