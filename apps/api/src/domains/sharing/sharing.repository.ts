import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { toIsoString } from '../../db/timestamps.ts';

export interface LiveShare {
  conversationId: string;
  slug: string;
  createdAt: string;
  expiresAt: string;
}

export interface NewShare {
  id: string;
  conversationId: string;
  userId: string;
  slug: string;
  /** JSON of what the link shows. */
  snapshot: string;
  expiresAt: Date;
}

/**
 * The chat_shares rows. A share is live while it is neither revoked nor expired; both are
 * decided here against the caller's clock, so a dead link is dead on the very next request.
 */
export function createSharingRepository(db: Kysely<Tables>) {
  return {
    /** Revokes the conversation's live links and stores the new one, together. */
    async replace(share: NewShare, now: Date): Promise<void> {
      const time = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('chat_shares')
          .set({ revoked_at: time })
          .where('conversation_id', '=', share.conversationId)
          .where('user_id', '=', share.userId)
          .where('revoked_at', 'is', null)
          .execute();
        await trx
          .insertInto('chat_shares')
          .values({
            id: share.id,
            conversation_id: share.conversationId,
            user_id: share.userId,
            slug: share.slug,
            snapshot: share.snapshot,
            created_at: time,
            expires_at: share.expiresAt.toISOString(),
            revoked_at: null,
          })
          .execute();
      });
    },

    async findLive(userId: string, conversationId: string, now: Date): Promise<LiveShare | null> {
      const row = await db
        .selectFrom('chat_shares')
        .select(['conversation_id', 'slug', 'created_at', 'expires_at'])
        .where('conversation_id', '=', conversationId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row
        ? {
            conversationId: row.conversation_id,
            slug: row.slug,
            createdAt: toIsoString(row.created_at),
            expiresAt: toIsoString(row.expires_at),
          }
        : null;
    },

    async revoke(userId: string, conversationId: string, now: Date): Promise<void> {
      await db
        .updateTable('chat_shares')
        .set({ revoked_at: now.toISOString() })
        .where('conversation_id', '=', conversationId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** The sharer and the snapshot JSON behind a live slug, or null. */
    async findLiveBySlug(
      slug: string,
      now: Date,
    ): Promise<{ userId: string; snapshot: string } | null> {
      const row = await db
        .selectFrom('chat_shares')
        .select(['user_id', 'snapshot'])
        .where('slug', '=', slug)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row ? { userId: row.user_id, snapshot: row.snapshot } : null;
    },

    /** The user's live links, newest first, with their conversation's current title. */
    async listLive(userId: string, now: Date): Promise<(LiveShare & { title: string })[]> {
      const rows = await db
        .selectFrom('chat_shares')
        .innerJoin('chat_conversations', 'chat_conversations.id', 'chat_shares.conversation_id')
        .select([
          'chat_shares.conversation_id',
          'chat_shares.slug',
          'chat_shares.created_at',
          'chat_shares.expires_at',
          'chat_conversations.title',
        ])
        .where('chat_shares.user_id', '=', userId)
        .where('chat_shares.revoked_at', 'is', null)
        .where('chat_shares.expires_at', '>', now.toISOString())
        .orderBy('chat_shares.created_at', 'desc')
        .orderBy('chat_shares.id', 'desc')
        .execute();
      return rows.map((row) => ({
        conversationId: row.conversation_id,
        slug: row.slug,
        title: row.title,
        createdAt: toIsoString(row.created_at),
        expiresAt: toIsoString(row.expires_at),
      }));
    },
  };
}

export type SharingRepository = ReturnType<typeof createSharingRepository>;
