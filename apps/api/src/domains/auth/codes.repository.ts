import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OneTimeCodesTable, Tables } from '../../db/tables.ts';

export type CodePurpose = OneTimeCodesTable['purpose'];

export interface ActiveCode {
  id: string;
  codeHmac: string;
  /** Guesses counted so far (the right one included). */
  attempts: number;
}

/** One-time codes: at most one live code per address and purpose. */
export function createCodesRepository(db: Kysely<Tables>) {
  return {
    /** Stores a new code; older codes for the same address and purpose stop working. */
    async replace(
      code: { email: string; purpose: CodePurpose; codeHmac: string },
      now: Date,
      expiresAt: Date,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('one_time_codes')
          .where('email', '=', code.email)
          .where('purpose', '=', code.purpose)
          .execute();
        await trx
          .insertInto('one_time_codes')
          .values({
            id: randomUUID(),
            email: code.email,
            purpose: code.purpose,
            code_hmac: code.codeHmac,
            attempts: 0,
            expires_at: expiresAt.toISOString(),
            consumed_at: null,
            created_at: now.toISOString(),
          })
          .execute();
      });
    },

    async findActive(
      email: string,
      purpose: CodePurpose,
      now: Date,
      maxAttempts: number,
    ): Promise<ActiveCode | null> {
      const row = await db
        .selectFrom('one_time_codes')
        .select(['id', 'code_hmac', 'attempts'])
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .where('attempts', '<', maxAttempts)
        .where('expires_at', '>', now.toISOString())
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row ? { id: row.id, codeHmac: row.code_hmac, attempts: row.attempts } : null;
    },

    /**
     * Counts one guess before it is compared: a conditional UPDATE, so of any number of
     * simultaneous guesses (from any process) at most `maxAttempts` are ever compared. False
     * when the code is used, expired or out of guesses.
     */
    async claimAttempt(id: string, now: Date, maxAttempts: number): Promise<boolean> {
      const result = await db
        .updateTable('one_time_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('attempts', '<', maxAttempts)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Consumes the code after a claimed, matching guess: a conditional UPDATE, so of two
     * simultaneous submissions of the right code exactly one changes a row and succeeds.
     */
    async consume(id: string, now: Date, maxAttempts: number): Promise<boolean> {
      const result = await db
        .updateTable('one_time_codes')
        .set({ consumed_at: now.toISOString() })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .where('attempts', '<=', maxAttempts)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Housekeeping: codes that expired before `before`. */
    async deleteExpired(before: Date): Promise<void> {
      await db
        .deleteFrom('one_time_codes')
        .where('expires_at', '<', before.toISOString())
        .execute();
    },

    async deleteForEmail(email: string): Promise<void> {
      await db.deleteFrom('one_time_codes').where('email', '=', email).execute();
    },
  };
}

export type CodesRepository = ReturnType<typeof createCodesRepository>;
