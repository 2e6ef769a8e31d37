import { type Kysely, sql } from 'kysely';
import type { Tables } from '../../db/tables.ts';

/**
 * Daily usage counts per subject (chat_usage: one row per subject and UTC day). Each statement
 * is atomic on its own, so every process on the database shares one count.
 */
export function createUsageRepository(db: Kysely<Tables>) {
  return {
    /**
     * Counts one unit for `subject` on `day` unless it already reached `limit`, in one upsert:
     * concurrent requests cannot both take the last one. True when counted.
     */
    async take(subject: string, day: string, limit: number): Promise<boolean> {
      if (limit <= 0) return false;
      const row = await db
        .insertInto('chat_usage')
        .values({ subject, day, messages: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['subject', 'day'])
            .doUpdateSet({ messages: sql<number>`chat_usage.messages + 1` })
            .where('chat_usage.messages', '<', limit),
        )
        .returning('messages')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Gives back one unit counted by take (never below zero). */
    async release(subject: string, day: string): Promise<void> {
      await db
        .updateTable('chat_usage')
        .set({ messages: sql<number>`messages - 1` })
        .where('subject', '=', subject)
        .where('day', '=', day)
        .where('messages', '>', 0)
        .execute();
    },

    /** The units counted for `subject` on `day` (0 when none). */
    async count(subject: string, day: string): Promise<number> {
      const row = await db
        .selectFrom('chat_usage')
        .select('messages')
        .where('subject', '=', subject)
        .where('day', '=', day)
        .executeTakeFirst();
      return row ? Number(row.messages) : 0;
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
