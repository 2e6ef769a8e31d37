import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';

/** Password-reset links: only the SHA-256 of each link's token is stored. */
export function createPasswordResetsRepository(db: Kysely<Tables>) {
  return {
    /** A new link; the user's earlier unused links stop working. */
    async replace(userId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('password_reset_tokens')
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_reset_tokens')
          .values({
            token_hash: tokenHash,
            user_id: userId,
            expires_at: expiresAt.toISOString(),
            used_at: null,
            created_at: now.toISOString(),
          })
          .execute();
      });
    },

    /**
     * Uses a live link: one conditional UPDATE, so a link works once even when submitted twice
     * at the same moment. Returns its user, or null for an unknown, used or expired link.
     */
    async consume(tokenHash: string, now: Date): Promise<string | null> {
      const row = await db
        .updateTable('password_reset_tokens')
        .set({ used_at: now.toISOString() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? null;
    },

    /** Housekeeping: links that expired before `before`, used or not. */
    async deleteExpired(before: Date): Promise<void> {
      await db
        .deleteFrom('password_reset_tokens')
        .where('expires_at', '<', before.toISOString())
        .execute();
    },

    /** True when the link exists, is unused and has not expired (nothing is changed). */
    async isLive(tokenHash: string, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom('password_reset_tokens')
        .select('token_hash')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
