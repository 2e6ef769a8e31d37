import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * A passkey verification belongs to the sign-in that made it (issue 13 §10): `session_key` is
 * the first-party session id (or, for an external identity token, a digest of its issuer,
 * subject and sign-in time), and a payment verification is bound at its first use to the plan it
 * pays for (`payment_plan`, `bound_at`). Rows made before this have no key and authorise nothing
 * (they expired within ten minutes anyway). One column per statement: SQLite adds them singly.
 */
export const webauthnSessionVerifications: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('webauthn_verifications')
        .addColumn('session_key', 'text')
        .execute();
      await db.schema
        .alterTable('webauthn_verifications')
        .addColumn('payment_plan', 'text')
        .execute();
      await db.schema
        .alterTable('webauthn_verifications')
        .addColumn('bound_at', timestamp)
        .execute();
      await db.schema
        .createIndex('webauthn_verifications_session_idx')
        .on('webauthn_verifications')
        .columns(['session_key', 'purpose', 'expires_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('webauthn_verifications_session_idx').execute();
      for (const column of ['bound_at', 'payment_plan', 'session_key']) {
        await db.schema.alterTable('webauthn_verifications').dropColumn(column).execute();
      }
    },
  };
};
