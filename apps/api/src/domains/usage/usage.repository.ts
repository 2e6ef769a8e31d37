import { type Kysely, sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Tables } from '../../db/tables.ts';

/**
 * Daily usage counts per subject (chat_usage: one row per subject and UTC day). Each statement
 * is atomic on its own, so every process on the database shares one count.
 */
export function createUsageRepository(db: Kysely<Tables>) {
  // Run for every message, image and voice request: built once (prepared-query.ts).
  const takeUnits = preparedQuery(
    db,
    ['subject', 'day', 'units', 'atMost'],
    (values: { subject: string; day: string; units: number; atMost: number }) =>
      db
        .insertInto('chat_usage')
        .values({ subject: values.subject, day: values.day, messages: values.units })
        .onConflict((conflict) =>
          conflict
            .columns(['subject', 'day'])
            .doUpdateSet({ messages: sql<number>`chat_usage.messages + ${values.units}` })
            .where('chat_usage.messages', '<=', values.atMost),
        )
        .returning('messages'),
  );

  return {
    /**
     * Counts `units` for `subject` on `day` unless that would take it past `limit`, in one
     * upsert: concurrent requests cannot both take the last ones. All or none; true when counted.
     */
    async take(subject: string, day: string, limit: number, units = 1): Promise<boolean> {
      if (units < 1 || units > limit) return false;
      const { rows } = await takeUnits({ subject, day, units, atMost: limit - units });
      return rows.length > 0;
    },

    /** Gives back `units` counted by take (never below zero). */
    async release(subject: string, day: string, units = 1): Promise<void> {
      await db
        .updateTable('chat_usage')
        .set({
          messages: sql<number>`case when messages > ${units} then messages - ${units} else 0 end`,
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
