import type { ChatRole, MessageStatus } from '@studio/contracts';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { toIsoString } from '../../db/timestamps.ts';

export interface OwnedConversation {
  id: string;
  title: string;
  createdAt: string;
}

export interface TranscriptMessage {
  role: ChatRole;
  content: string;
  modelId: string | null;
  imageUrls: string[];
  status: MessageStatus;
  createdAt: string;
}

function parseImageUrls(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((url) => typeof url === 'string') : [];
  } catch {
    return [];
  }
}

function toTranscriptMessage(row: {
  role: ChatRole;
  content: string;
  model_id: string | null;
  image_urls: string;
  status: MessageStatus;
  created_at: string | Date;
}): TranscriptMessage {
  return {
    role: row.role,
    content: row.content,
    modelId: row.model_id,
    imageUrls: parseImageUrls(row.image_urls),
    status: row.status,
    createdAt: toIsoString(row.created_at),
  };
}

/**
 * Read-only access to a user's conversations for sharing and export (the chat domain owns
 * writing them). Every lookup takes the user id: another user's conversation is simply not found.
 */
export function createOwnedConversationsRepository(db: Kysely<Tables>) {
  return {
    async find(userId: string, conversationId: string): Promise<OwnedConversation | null> {
      const row = await db
        .selectFrom('chat_conversations')
        .select(['id', 'title', 'created_at'])
        .where('id', '=', conversationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { id: row.id, title: row.title, createdAt: toIsoString(row.created_at) } : null;
    },

    /** The conversation's messages in order. */
    async messages(conversationId: string): Promise<TranscriptMessage[]> {
      const rows = await db
        .selectFrom('chat_messages')
        .select(['role', 'content', 'model_id', 'image_urls', 'status', 'created_at'])
        .where('conversation_id', '=', conversationId)
        .orderBy('seq', 'asc')
        .execute();
      return rows.map(toTranscriptMessage);
    },

    async countMessages(conversationId: string): Promise<number> {
      const row = await db
        .selectFrom('chat_messages')
        .select(({ fn }) => fn.countAll().as('count'))
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /**
     * Up to `limit` messages after position `afterSeq` (0 for the first page), in order, with
     * the position to continue from: a long conversation is read a page at a time.
     */
    async messagesPage(
      conversationId: string,
      afterSeq: number,
      limit: number,
    ): Promise<{ messages: TranscriptMessage[]; lastSeq: number | null }> {
      const rows = await db
        .selectFrom('chat_messages')
        .select(['seq', 'role', 'content', 'model_id', 'image_urls', 'status', 'created_at'])
        .where('conversation_id', '=', conversationId)
        .where('seq', '>', afterSeq)
        .orderBy('seq', 'asc')
        .limit(limit)
        .execute();
      const last = rows.at(-1);
      return {
        messages: rows.map(toTranscriptMessage),
        lastSeq: last ? Number(last.seq) : null,
      };
    },
  };
}

export type OwnedConversationsRepository = ReturnType<typeof createOwnedConversationsRepository>;
