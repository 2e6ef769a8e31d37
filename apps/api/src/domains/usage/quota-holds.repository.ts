import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import type { QuotaKey } from './quota-counter.ts';

/**
 * The quota units one job holds: whose, which day's, how many. `keys` are every count the units
 * were taken from: the caller's own, then at most one ceiling of the same meter and day.
 */
export interface QuotaHold {
  keys: readonly QuotaKey[];
  units: number;
}

/**
 * quota_holds: the units a tool's job took, until it ends. `take` removes the row and
 * returns it in one statement, so of everything that may end a job (its run, a cancel before it
 * ran) exactly one settles its units, whatever process it is in.
 */
export function createQuotaHoldsRepository(db: Kysely<Tables>) {
  return {
    async insert(jobId: string, hold: QuotaHold, now: Date): Promise<void> {
      const [key, ceiling, ...more] = hold.keys;
      if (
        !key ||
        more.length > 0 ||
        (ceiling && (ceiling.meter !== key.meter || ceiling.day !== key.day))
      ) {
        throw new Error(
          'A quota hold names one count and at most one ceiling of its meter and day',
        );
      }
      await db
        .insertInto('quota_holds')
        .values({
          job_id: jobId,
          meter: key.meter,
          subject: key.subject,
          day: key.day,
          units: hold.units,
          ceiling_subject: ceiling?.subject ?? null,
          created_at: now.toISOString(),
        })
        .execute();
    },

    /**
     * Adds units to the job's hold (work that learnt its size once it ran); false when the
     * hold is gone (settled already: a cancel came first), and nothing was added.
     */
    async add(jobId: string, units: number): Promise<boolean> {
      const result = await db
        .updateTable('quota_holds')
        .set((eb) => ({ units: eb('units', '+', units) }))
        .where('job_id', '=', jobId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The job's hold, removed; null when it was settled already (or never held). */
    async take(jobId: string): Promise<QuotaHold | null> {
      const row = await db
        .deleteFrom('quota_holds')
        .where('job_id', '=', jobId)
        .returning(['meter', 'subject', 'day', 'units', 'ceiling_subject'])
        .executeTakeFirst();
      if (!row) return null;
      const { meter, day } = row;
      const subjects = [
        row.subject,
        ...(row.ceiling_subject === null ? [] : [row.ceiling_subject]),
      ];
      return { keys: subjects.map((subject) => ({ meter, subject, day })), units: row.units };
    },

    /**
     * Forgets holds made before `before`: a job lost with its process (the in-process queue
     * keeps nothing across a restart) never settles, and a past day's units matter no more.
     */
    async deleteOlderThan(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('quota_holds')
        .where('created_at', '<', before.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type QuotaHoldsRepository = ReturnType<typeof createQuotaHoldsRepository>;
