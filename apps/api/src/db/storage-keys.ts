import type { Kysely } from 'kysely';
import type { Tables } from './tables.ts';

/** The tables that name stored objects in a `storage_key` column. */
type TableWithStorageKeys =
  'chat_uploads' | 'images' | 'voice_clips' | 'music_files' | 'vision_reads';

/**
 * Which of these storage keys a row of `table` still names: the orphan sweep's question to each
 * purpose that keeps its keys in a table. In chunks, under every driver's parameter limit.
 */
export async function keysNamedIn(
  db: Kysely<Tables>,
  table: TableWithStorageKeys,
  keys: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += 500) {
    const rows = await db
      .selectFrom(table)
      .select('storage_key')
      .where('storage_key', 'in', keys.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.storage_key);
  }
  return found;
}
