import type { Migration } from 'kysely';
import { contactNewsletterOutbox } from './0001_contact_newsletter_outbox.ts';
import { accounts } from './0002_accounts.ts';
import { chat } from './0003_chat.ts';
import { payments } from './0004_payments.ts';
import { webauthn } from './0005_webauthn.ts';
import { webauthnSessionVerifications } from './0006_webauthn_session_verifications.ts';

export type DatabaseDriver = 'sqlite' | 'postgres';

/**
 * A migration written once for both databases; the few types that differ (timestamps) are
 * chosen from the driver it runs on.
 */
export type MigrationFactory = (driver: DatabaseDriver) => Migration;

/** Every migration, by name; Kysely applies them in name order, so names start with a number. */
export const migrations: Record<string, MigrationFactory> = {
  '0001_contact_newsletter_outbox': contactNewsletterOutbox,
  '0002_accounts': accounts,
  '0003_chat': chat,
  '0004_payments': payments,
  '0005_webauthn': webauthn,
  '0006_webauthn_session_verifications': webauthnSessionVerifications,
};
