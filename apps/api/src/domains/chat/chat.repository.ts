import { randomUUID } from 'node:crypto';
import type { ChatRole, MessageStatus } from '@studio/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { ChatConversationsTable, ChatMessagesTable, Tables } from '../../db/tables.ts';
import { likePattern } from '../../db/like-pattern.ts';
import { toIsoString } from '../../db/timestamps.ts';

/** A conversation as the chat services see it (only this file knows the row). */
export interface StoredConversation {
  id: string;
  userId: string;
  title: string;
  /** False until a title was generated from the first exchange or the user renamed it. */
  titleSet: boolean;
  modelId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ConversationListing extends StoredConversation {
  messageCount: number;
  /** The start of the last message ('' when there is none). */
  preview: string;
  /** The last message goes on after `preview`. */
  previewContinues: boolean;
}

export interface StoredMessage {
  id: string;
  conversationId: string;
  seq: number;
  role: ChatRole;
  content: string;
  modelId: string | null;
  imageUrls: string[];
  status: MessageStatus;
  createdAt: string;
}

export interface NewMessage {
  id?: string;
  role: ChatRole;
  content: string;
  modelId: string | null;
  imageUrls: string[];
  status: MessageStatus;
}

/** How many characters of the last message the conversation list shows. */
export const previewLength = 160;

function toConversation(row: Selectable<ChatConversationsTable>): StoredConversation {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    titleSet: row.title_set === 1,
    modelId: row.model_id,
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
  };
}

function parseImageUrls(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((url) => typeof url === 'string') : [];
  } catch {
    return [];
  }
}

function toMessage(row: Selectable<ChatMessagesTable>): StoredMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    seq: row.seq,
    role: row.role,
    content: row.content,
    modelId: row.model_id,
    imageUrls: parseImageUrls(row.image_urls),
    status: row.status,
    createdAt: toIsoString(row.created_at),
  };
}

type Executor = Kysely<Tables> | Transaction<Tables>;

function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Two messages stored at once in one conversation can pick the same next seq; the loser's
 * transaction rolls back on the unique (conversation_id, seq) key and simply runs again.
 */
async function retryingSeqConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

async function nextSeq(db: Executor, conversationId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('seq').as('last'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

async function insertMessage(
  db: Executor,
  conversationId: string,
  message: NewMessage,
  now: Date,
): Promise<StoredMessage> {
  const seq = await nextSeq(db, conversationId);
  const row = {
    id: message.id ?? randomUUID(),
    conversation_id: conversationId,
    seq,
    role: message.role,
    content: message.content,
    model_id: message.modelId,
    image_urls: JSON.stringify(message.imageUrls),
    status: message.status,
    created_at: now.toISOString(),
  };
  await db.insertInto('chat_messages').values(row).execute();
  return {
    id: row.id,
    conversationId,
    seq,
    role: message.role,
    content: message.content,
    modelId: message.modelId,
    imageUrls: message.imageUrls,
    status: message.status,
    createdAt: row.created_at,
  };
}

async function touch(db: Executor, conversationId: string, now: Date, modelId?: string) {
  await db
    .updateTable('chat_conversations')
    .set({ updated_at: now.toISOString(), ...(modelId ? { model_id: modelId } : {}) })
    .where('id', '=', conversationId)
    .execute();
}

/** All chat SQL (conversations, messages, daily usage) for SQLite and PostgreSQL alike. */
export function createChatRepository(db: Kysely<Tables>) {
  return {
    async createConversation(input: {
      userId: string;
      title: string;
      /** True when the user chose the title (no title is generated then). */
      titleSet: boolean;
      modelId: string | null;
      now: Date;
    }): Promise<StoredConversation> {
      const at = input.now.toISOString();
      const row = {
        id: randomUUID(),
        user_id: input.userId,
        title: input.title,
        title_set: input.titleSet ? 1 : 0,
        model_id: input.modelId,
        created_at: at,
        updated_at: at,
      };
      await db.insertInto('chat_conversations').values(row).execute();
      return toConversation(row);
    },

    /** The conversation if `userId` owns it: someone else's is exactly as absent as a missing one. */
    async findOwned(userId: string, id: string): Promise<StoredConversation | null> {
      const row = await db
        .selectFrom('chat_conversations')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toConversation(row) : null;
    },

    /** Newest updated first; `search` matches the title or any message, case-insensitively. */
    async list(
      userId: string,
      { page, pageSize, search }: { page: number; pageSize: number; search?: string | undefined },
    ): Promise<{ items: ConversationListing[]; total: number }> {
      let query = db.selectFrom('chat_conversations as c').where('c.user_id', '=', userId);
      if (search) {
        const pattern = likePattern(search);
        query = query.where(
          sql<boolean>`(lower(c.title) like ${pattern} escape '\\' or exists (
            select 1 from chat_messages m
            where m.conversation_id = c.id and lower(m.content) like ${pattern} escape '\\'))`,
        );
      }
      const counted = await query
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await query
        .selectAll('c')
        .select([
          sql<number>`(select count(*) from chat_messages m where m.conversation_id = c.id)`.as(
            'message_count',
          ),
          sql<string | null>`(select substr(m.content, 1, ${previewLength}) from chat_messages m
            where m.conversation_id = c.id order by m.seq desc limit 1)`.as('preview'),
          sql<
            number | boolean | null
          >`(select length(m.content) > ${previewLength} from chat_messages m
            where m.conversation_id = c.id order by m.seq desc limit 1)`.as('preview_continues'),
        ])
        .orderBy('c.updated_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return {
        total: Number(counted.total),
        items: rows.map((row) => ({
          ...toConversation(row),
          messageCount: Number(row.message_count),
          preview: row.preview ?? '',
          // SQLite answers the comparison with 1 or 0, PostgreSQL with a boolean.
          previewContinues: row.preview_continues === true || row.preview_continues === 1,
        })),
      };
    },

    async rename(userId: string, id: string, title: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('chat_conversations')
        .set({ title, title_set: 1, updated_at: now.toISOString() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Sets a generated title unless one was set meanwhile (a rename wins over a late title). */
    async setGeneratedTitle(id: string, title: string): Promise<void> {
      await db
        .updateTable('chat_conversations')
        .set({ title, title_set: 1 })
        .where('id', '=', id)
        .where('title_set', '=', 0)
        .execute();
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('chat_conversations')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async countMessages(conversationId: string): Promise<number> {
      const row = await db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll().as('total'))
        .where('conversation_id', '=', conversationId)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** A page counted from the newest message (offset 0 = the newest), oldest first. */
    async latestMessages(
      conversationId: string,
      { limit, offset = 0 }: { limit: number; offset?: number },
    ): Promise<StoredMessage[]> {
      const rows = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .orderBy('seq', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toMessage).reverse();
    },

    async findMessage(conversationId: string, id: string): Promise<StoredMessage | null> {
      const row = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toMessage(row) : null;
    },

    /** Appends a message and marks the conversation as just updated, atomically. */
    async append(
      conversationId: string,
      message: NewMessage,
      now: Date,
      modelId?: string,
    ): Promise<StoredMessage> {
      return retryingSeqConflicts(() =>
        db.transaction().execute(async (trx) => {
          const stored = await insertMessage(trx, conversationId, message, now);
          await touch(trx, conversationId, now, modelId);
          return stored;
        }),
      );
    },

    /**
     * Edit and resend: the user message takes the new text and everything after it goes, in one
     * transaction (a half-applied edit would leave replies to a text nobody sent).
     */
    async replaceUserMessage(
      conversationId: string,
      messageId: string,
      content: string,
      now: Date,
    ): Promise<StoredMessage | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('chat_messages')
          .selectAll()
          .where('conversation_id', '=', conversationId)
          .where('id', '=', messageId)
          .where('role', '=', 'user')
          .executeTakeFirst();
        if (!row) return null;
        await trx
          .deleteFrom('chat_messages')
          .where('conversation_id', '=', conversationId)
          .where('seq', '>', row.seq)
          .execute();
        await trx
          .updateTable('chat_messages')
          .set({ content })
          .where('id', '=', messageId)
          .execute();
        await touch(trx, conversationId, now);
        return { ...toMessage(row), content };
      });
    },

    /**
     * Stores a reply. `replacing` is the reply it regenerates: it is removed in the same
     * transaction, so until a new reply exists the old one stays.
     */
    async storeReply(
      conversationId: string,
      message: NewMessage,
      now: Date,
      replacing: string | null,
    ): Promise<StoredMessage> {
      return retryingSeqConflicts(() =>
        db.transaction().execute(async (trx) => {
          if (replacing) {
            await trx
              .deleteFrom('chat_messages')
              .where('conversation_id', '=', conversationId)
              .where('id', '=', replacing)
              .execute();
          }
          const stored = await insertMessage(trx, conversationId, message, now);
          await touch(trx, conversationId, now, message.modelId ?? undefined);
          return stored;
        }),
      );
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
