import type { ColumnType, Generated } from 'kysely';

/**
 * Table shapes for Kysely. Only repositories see these; they hand domain objects to services.
 * Timestamps are timestamptz on PostgreSQL (read back as Date) and ISO-8601 UTC text on SQLite
 * (read back as string); both are written as ISO strings. See timestamps.ts.
 */
type Timestamp = ColumnType<Date | string, string, string>;
type NullableTimestamp = ColumnType<Date | string | null, string | null, string | null>;

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: string;
  created_at: Timestamp;
}

export interface NewsletterSubscriptionsTable {
  id: string;
  email: string;
  status: 'pending' | 'confirmed';
  language: string;
  /** SHA-256 of the confirmation token; the token itself is only ever in the e-mail. */
  token_hash: string | null;
  /** When the current token was mailed: paces re-sends and bounds the token's life. */
  token_sent_at: NullableTimestamp;
  created_at: Timestamp;
  confirmed_at: NullableTimestamp;
}

export interface MailOutboxTable {
  /** A sequence: bigserial on PostgreSQL (read back as string), integer on SQLite. */
  id: Generated<number | string>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
}

export interface Tables {
  contact_messages: ContactMessagesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  mail_outbox: MailOutboxTable;
}
