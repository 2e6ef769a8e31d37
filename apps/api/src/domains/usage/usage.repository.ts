import { type Kysely, sql } from 'kysely';
import type { Tables } from '../../db/tables.ts';

/**
 * Daily usage counts per subject (chat_usage: one row per subject and UTC day). Each statement
 * is atomic on its own, so every process on the database shares one count.
 */
export function createUsageRepository(db: Kysely<Tables>) {
  return {
    /**
     * Counts `count` units for `subject` on `day` unless that would pass `limit`, in one upsert:
     * concurrent requests cannot both take the last ones. True when counted.
     */
    async take(subject: string, day: string, limit: number, count = 1): Promise<boolean> {
      if (count < 1 || count > limit) return false;
      const row = await db
        .insertInto('chat_usage')
        .values({ subject, day, messages: count })
        .onConflict((conflict) =>
          conflict
            .columns(['subject', 'day'])
            .doUpdateSet({ messages: sql<number>`chat_usage.messages + ${count}` })
            .where('chat_usage.messages', '<=', limit - count),
        )
        .returning('messages')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Gives back `count` units counted by take (never below zero). */
    async release(subject: string, day: string, count = 1): Promise<void> {
      await db
        .updateTable('chat_usage')
        .set({
          messages: sql<number>`case when messages > ${count} then messages - ${count} else 0 end`,
        })
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
