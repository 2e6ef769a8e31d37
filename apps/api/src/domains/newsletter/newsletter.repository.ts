import { randomUUID } from 'node:crypto';
import { isLanguageCode, type LanguageCode } from '@studio/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { NewsletterSubscriptionsTable, Tables } from '../../db/tables.ts';
import { toIsoString } from '../../db/timestamps.ts';

export interface Subscription {
  id: string;
  email: string;
  status: 'pending' | 'confirmed';
  language: LanguageCode;
  tokenSentAt: string | null;
  confirmedAt: string | null;
}

function toSubscription(row: Selectable<NewsletterSubscriptionsTable>): Subscription {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    language: isLanguageCode(row.language) ? row.language : 'en',
    tokenSentAt: row.token_sent_at === null ? null : toIsoString(row.token_sent_at),
    confirmedAt: row.confirmed_at === null ? null : toIsoString(row.confirmed_at),
  };
}

interface TokenClaim {
  email: string;
  language: LanguageCode;
  tokenHash: string;
  now: Date;
}

export function createNewsletterRepository(db: Kysely<Tables>) {
  return {
    /** Adds a pending subscription; false when the address is already known (any state). */
    async insertPending({ email, language, tokenHash, now }: TokenClaim): Promise<boolean> {
      const result = await db
        .insertInto('newsletter_subscriptions')
        .values({
          id: randomUUID(),
          email,
          status: 'pending',
          language,
          token_hash: tokenHash,
          token_sent_at: now.toISOString(),
          created_at: now.toISOString(),
          confirmed_at: null,
        })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async findByEmail(email: string): Promise<Subscription | null> {
      const row = await db
        .selectFrom('newsletter_subscriptions')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      return row ? toSubscription(row) : null;
    },

    async findByTokenHash(tokenHash: string): Promise<Subscription | null> {
      const row = await db
        .selectFrom('newsletter_subscriptions')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row ? toSubscription(row) : null;
    },

    /**
     * Gives a pending subscription a new token if its last one was mailed before `sentBefore`
     * (or never went out). Atomic, so two simultaneous requests send at most one e-mail.
     */
    async claimResend({ email, language, tokenHash, now }: TokenClaim, sentBefore: Date) {
      const result = await db
        .updateTable('newsletter_subscriptions')
        .set({ token_hash: tokenHash, token_sent_at: now.toISOString(), language })
        .where('email', '=', email)
        .where('status', '=', 'pending')
        .where((where) =>
          where.or([
            where('token_sent_at', 'is', null),
            where('token_sent_at', '<', sentBefore.toISOString()),
          ]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The e-mail did not go out: let the next request try again at once. */
    async releaseClaim(email: string, tokenHash: string): Promise<void> {
      await db
        .updateTable('newsletter_subscriptions')
        .set({ token_sent_at: null })
        .where('email', '=', email)
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    async confirm(id: string, now: Date): Promise<void> {
      await db
        .updateTable('newsletter_subscriptions')
        .set({ status: 'confirmed', confirmed_at: now.toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
