import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/** The contact form's messages, the newsletter's double opt-in, and the mail outbox. */
export const contactNewsletterOutbox: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('language', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('contact_messages_created_at_idx')
        .on('contact_messages')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('newsletter_subscriptions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull().unique())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('language', 'text', (column) => column.notNull())
        .addColumn('token_hash', 'text', (column) => column.unique())
        .addColumn('token_sent_at', timestamp)
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('confirmed_at', timestamp)
        .addCheckConstraint(
          'newsletter_subscriptions_status_check',
          sql`status in ('pending', 'confirmed')`,
        )
        .execute();

      await db.schema
        .createTable('mail_outbox')
        // A sequence, so "newest first" holds even for mails written in the same millisecond.
        .$call((table) =>
          driver === 'postgres'
            ? table.addColumn('id', 'bigserial', (column) => column.primaryKey())
            : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement()),
        )
        .addColumn('to_address', 'text', (column) => column.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('text_body', 'text', (column) => column.notNull())
        .addColumn('html_body', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('mail_outbox_to_address_idx')
        .on('mail_outbox')
        .column('to_address')
        .execute();
    },
  };
};
