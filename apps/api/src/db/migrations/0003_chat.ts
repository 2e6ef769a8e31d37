import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * Chat: signed-in users' conversations and messages, daily usage counters (quotas), share links
 * (a snapshot taken when shared) and uploaded images. Everything a user owns goes with the user
 * (ON DELETE CASCADE); a conversation takes its messages and share links with it. Visitors'
 * conversations are never stored here: they live in the visitor's browser.
 */
export const chat: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chat_conversations')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (column) => column.notNull())
        // 0 until a title was generated from the first exchange or the user renamed it.
        .addColumn('title_set', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('model_id', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .addCheckConstraint('chat_conversations_title_set_check', sql`title_set in (0, 1)`)
        .execute();
      await db.schema
        .createIndex('chat_conversations_user_updated_idx')
        .on('chat_conversations')
        .columns(['user_id', 'updated_at'])
        .execute();

      await db.schema
        .createTable('chat_messages')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('conversation_id', 'text', (column) =>
          column.notNull().references('chat_conversations.id').onDelete('cascade'),
        )
        // Order within the conversation (timestamps can tie).
        .addColumn('seq', 'integer', (column) => column.notNull())
        .addColumn('role', 'text', (column) => column.notNull())
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('model_id', 'text')
        // JSON array of upload URLs.
        .addColumn('image_urls', 'text', (column) => column.notNull().defaultTo('[]'))
        .addColumn('status', 'text', (column) => column.notNull().defaultTo('complete'))
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addCheckConstraint('chat_messages_role_check', sql`role in ('user', 'assistant')`)
        .addCheckConstraint(
          'chat_messages_status_check',
          sql`status in ('complete', 'stopped', 'error')`,
        )
        .addUniqueConstraint('chat_messages_conversation_seq_key', ['conversation_id', 'seq'])
        .execute();

      // Messages sent per subject (a user id, or a visitor's hashed address) and UTC day.
      await db.schema
        .createTable('chat_usage')
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('messages', 'integer', (column) => column.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('chat_usage_pkey', ['subject', 'day'])
        .execute();

      await db.schema
        .createTable('chat_shares')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('conversation_id', 'text', (column) =>
          column.notNull().references('chat_conversations.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        // At least 128 random bits, base64url.
        .addColumn('slug', 'text', (column) => column.notNull().unique())
        // JSON {title, messages[{role, content, timestamp}]}: what the link shows, fixed at sharing.
        .addColumn('snapshot', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('revoked_at', timestamp)
        .execute();
      await db.schema
        .createIndex('chat_shares_conversation_idx')
        .on('chat_shares')
        .column('conversation_id')
        .execute();
      await db.schema
        .createIndex('chat_shares_user_idx')
        .on('chat_shares')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('chat_uploads')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        // The re-encoded image's type, width, height and size.
        .addColumn('mime_type', 'text', (column) => column.notNull())
        .addColumn('width', 'integer', (column) => column.notNull())
        .addColumn('height', 'integer', (column) => column.notNull())
        .addColumn('bytes', 'integer', (column) => column.notNull())
        // Where the storage keeps it (opaque to everything but the storage).
        .addColumn('storage_key', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('chat_uploads_user_idx')
        .on('chat_uploads')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'chat_uploads',
        'chat_shares',
        'chat_usage',
        'chat_messages',
        'chat_conversations',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
};
