import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

const statuses = (names: readonly string[]) =>
  sql.raw(`status in (${names.map((name) => `'${name}'`).join(', ')})`);
const before = ['complete', 'stopped', 'error'] as const;
const after = [...before, 'interrupted'] as const;

/**
 * A chat message may be `interrupted`: a reply the server cut off (its process died or shut down
 * while writing it), saved as far as it got. Only the status check changes. PostgreSQL swaps the
 * constraint; SQLite cannot alter one, so its table is rebuilt as 0003 made it, with the new
 * check, and its rows copied over (nothing refers to chat_messages, so nothing else moves).
 */
function withStatuses(driver: 'sqlite' | 'postgres', names: readonly string[]) {
  return async (db: Kysely<unknown>) => {
    if (driver === 'postgres') {
      await sql`alter table chat_messages drop constraint chat_messages_status_check`.execute(db);
      await sql`alter table chat_messages add constraint chat_messages_status_check check (${statuses(names)})`.execute(
        db,
      );
      return;
    }
    await db.schema.alterTable('chat_messages').renameTo('chat_messages_old').execute();
    await db.schema
      .createTable('chat_messages')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('conversation_id', 'text', (column) =>
        column.notNull().references('chat_conversations.id').onDelete('cascade'),
      )
      .addColumn('seq', 'integer', (column) => column.notNull())
      .addColumn('role', 'text', (column) => column.notNull())
      .addColumn('content', 'text', (column) => column.notNull())
      .addColumn('model_id', 'text')
      .addColumn('image_urls', 'text', (column) => column.notNull().defaultTo('[]'))
      .addColumn('status', 'text', (column) => column.notNull().defaultTo('complete'))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addCheckConstraint('chat_messages_role_check', sql`role in ('user', 'assistant')`)
      .addCheckConstraint('chat_messages_status_check', statuses(names))
      .addUniqueConstraint('chat_messages_conversation_seq_key', ['conversation_id', 'seq'])
      .execute();
    // A row another version's check would refuse (an interrupted one, going down) stops here.
    await sql`insert into chat_messages (id, conversation_id, seq, role, content, model_id, image_urls, status, created_at)
      select id, conversation_id, seq, role, content, model_id, image_urls, status, created_at
      from chat_messages_old`.execute(db);
    await db.schema.dropTable('chat_messages_old').execute();
  };
}

export const interruptedReplies: MigrationFactory = (driver) => ({
  up: withStatuses(driver, after),
  down: withStatuses(driver, before),
});
