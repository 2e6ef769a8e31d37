import type { AuthProvider } from '@studio/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { SessionsTable, Tables } from '../../db/tables.ts';
import { toIsoString } from '../../db/timestamps.ts';
import { asAuthProvider } from '../users/user.ts';

export interface Session {
  id: string;
  userId: string;
  method: AuthProvider;
  userAgent: string | null;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

function toSession(row: Selectable<SessionsTable>): Session {
  return {
    id: row.id,
    userId: row.user_id,
    method: asAuthProvider(row.method),
    userAgent: row.user_agent,
    createdAt: toIsoString(row.created_at),
    lastUsedAt: toIsoString(row.last_used_at),
    expiresAt: toIsoString(row.expires_at),
    revokedAt: row.revoked_at === null ? null : toIsoString(row.revoked_at),
  };
}

export interface StoredRefreshToken {
  sessionId: string;
  usedAt: string | null;
}

/** Sessions (first-party sign-ins) and the refresh tokens of each (its family). */
export function createSessionsRepository(db: Kysely<Tables>) {
  /**
   * A passkey verification belongs to the sign-in that made it (webauthn_verifications.
   * session_key, issue 13 §10): when the session ends, so does the verification, here where
   * every way of ending a session passes.
   */
  const endVerificationsOf = async (sessionId: string) => {
    await db.deleteFrom('webauthn_verifications').where('session_key', '=', sessionId).execute();
  };

  return {
    async create(
      session: { id: string; userId: string; method: AuthProvider; userAgent: string | null },
      refreshTokenHash: string,
      now: Date,
      expiresAt: Date,
    ): Promise<void> {
      const time = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sessions')
          .values({
            id: session.id,
            user_id: session.userId,
            method: session.method,
            user_agent: session.userAgent,
            created_at: time,
            last_used_at: time,
            expires_at: expiresAt.toISOString(),
            revoked_at: null,
          })
          .execute();
        await trx
          .insertInto('refresh_tokens')
          .values({
            token_hash: refreshTokenHash,
            session_id: session.id,
            created_at: time,
            used_at: null,
          })
          .execute();
      });
    },

    async findById(id: string): Promise<Session | null> {
      const row = await db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toSession(row) : null;
    },

    async findRefreshToken(tokenHash: string): Promise<StoredRefreshToken | null> {
      const row = await db
        .selectFrom('refresh_tokens')
        .select(['session_id', 'used_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row
        ? {
            sessionId: row.session_id,
            usedAt: row.used_at === null ? null : toIsoString(row.used_at),
          }
        : null;
    },

    /**
     * Marks a refresh token used, only if it was unused: one conditional UPDATE, so of two
     * simultaneous refreshes with the same token exactly one wins.
     */
    async useRefreshToken(tokenHash: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ used_at: now.toISOString() })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The next token of the family; the session's absolute end stays where it was. */
    async addRefreshToken(sessionId: string, tokenHash: string, now: Date): Promise<void> {
      const time = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('refresh_tokens')
          .values({ token_hash: tokenHash, session_id: sessionId, created_at: time, used_at: null })
          .execute();
        await trx
          .updateTable('sessions')
          .set({ last_used_at: time })
          .where('id', '=', sessionId)
          .execute();
      });
    },

    async revoke(id: string, now: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now.toISOString() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      await endVerificationsOf(id);
    },

    /** Revokes a session only if it belongs to `userId` (ownership is part of the query). */
    async revokeOwned(id: string, userId: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now.toISOString() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      const revoked = result.numUpdatedRows > 0n;
      if (revoked) await endVerificationsOf(id);
      return revoked;
    },

    async revokeAllOfUser(userId: string, now: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now.toISOString() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      await db.deleteFrom('webauthn_verifications').where('user_id', '=', userId).execute();
    },

    /** Not revoked, not past its absolute end, used within the idle window. */
    async listLive(userId: string, now: Date, idleSince: Date): Promise<Session[]> {
      const rows = await db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .where('last_used_at', '>', idleSince.toISOString())
        .orderBy('last_used_at', 'desc')
        .execute();
      return rows.map(toSession);
    },

    /**
     * Housekeeping: sessions that can never be used again (ended, revoked or idle since before
     * the given instants), with their refresh tokens (ON DELETE CASCADE).
     */
    async deleteDead(before: Date, unusedSince: Date): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where((where) =>
          where.or([
            where('expires_at', '<', before.toISOString()),
            where('revoked_at', '<', before.toISOString()),
            where('last_used_at', '<', unusedSince.toISOString()),
          ]),
        )
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
