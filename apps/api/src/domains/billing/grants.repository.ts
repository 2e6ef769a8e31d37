import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseDriver } from '../../db/migrations/migration-factory.ts';
import type { Tables } from '../../db/tables.ts';
import { toIsoString } from '../../db/timestamps.ts';
import type { EntitlementEnds, TimelineGrant } from './timeline.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

export interface NewGrant {
  userId: string;
  paymentId: string;
  proMonths: number;
  godmodeMonths: number;
  grantedAt: Date;
}

const toDate = (value: Date | string) => new Date(toIsoString(value));

/** Entitlement grants and the users' cached ends (users.pro_until / godmode_until). */
export function createGrantsRepository(db: Executor, driver: DatabaseDriver) {
  return {
    /**
     * Takes the user's row lock for the rest of the transaction (PostgreSQL), so two grants for
     * the same user recompute their ends one after the other and the second sees the first.
     * SQLite runs one write transaction at a time already.
     */
    async lockUser(userId: string): Promise<void> {
      if (driver !== 'postgres') return;
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    /** One grant per payment: false when the payment has one already (the unique index says so). */
    async insert(grant: NewGrant): Promise<boolean> {
      const result = await db
        .insertInto('entitlement_grants')
        .values({
          id: randomUUID(),
          user_id: grant.userId,
          payment_id: grant.paymentId,
          pro_months: grant.proMonths,
          godmode_months: grant.godmodeMonths,
          granted_at: grant.grantedAt.toISOString(),
          revoked_at: null,
          revoked_reason: null,
          actor: null,
        })
        .onConflict((conflict) => conflict.column('payment_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Revokes the payment's live grant; returns its user, or null when there was none. */
    async revoke(
      paymentId: string,
      revocation: { reason: string; actor: string; at: Date },
    ): Promise<string | null> {
      const row = await db
        .updateTable('entitlement_grants')
        .set({
          revoked_at: revocation.at.toISOString(),
          revoked_reason: revocation.reason,
          actor: revocation.actor,
        })
        .where('payment_id', '=', paymentId)
        .where('revoked_at', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      return row?.user_id ?? null;
    },

    async forUser(userId: string): Promise<(TimelineGrant & { paymentId: string })[]> {
      const rows = await db
        .selectFrom('entitlement_grants')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('granted_at')
        .execute();
      return rows.map((row) => ({
        paymentId: row.payment_id,
        grantedAt: toDate(row.granted_at),
        proMonths: row.pro_months,
        godmodeMonths: row.godmode_months,
        revokedAt: row.revoked_at === null ? null : toDate(row.revoked_at),
      }));
    },

    async setEnds(userId: string, ends: EntitlementEnds, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({
          pro_until: ends.proUntil?.toISOString() ?? null,
          godmode_until: ends.godmodeUntil?.toISOString() ?? null,
          updated_at: now.toISOString(),
        })
        .where('id', '=', userId)
        .execute();
    },

    async endsOf(
      userId: string,
    ): Promise<{ proUntil: number | null; godmodeUntil: number | null }> {
      const row = await db
        .selectFrom('users')
        .select(['pro_until', 'godmode_until'])
        .where('id', '=', userId)
        .executeTakeFirst();
      const ms = (value: Date | string | null | undefined) =>
        value === null || value === undefined ? null : Date.parse(toIsoString(value));
      return { proUntil: ms(row?.pro_until), godmodeUntil: ms(row?.godmode_until) };
    },
  };
}

export type GrantsRepository = ReturnType<typeof createGrantsRepository>;
