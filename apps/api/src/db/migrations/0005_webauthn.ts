import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * Passkeys (WebAuthn, security.md §3): each user's random user handle and payment setting, the
 * registered credentials, the pending ceremony challenges and the verifications that passed.
 * Everything goes with its user (ON DELETE CASCADE). The credential id is the primary key, so
 * the database itself refuses one credential registered twice, to any user.
 */
export const webauthn: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  // The signature counter is an unsigned 32-bit number: beyond PostgreSQL's integer.
  const counter = driver === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webauthn_accounts')
        .addColumn('user_id', 'text', (column) =>
          column.primaryKey().references('users.id').onDelete('cascade'),
        )
        // 32 random bytes, base64url: the `user.id` authenticators store, never the internal id.
        .addColumn('user_handle', 'text', (column) => column.notNull().unique())
        .addColumn('require_for_payments', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .addCheckConstraint('webauthn_accounts_require_check', sql`require_for_payments in (0, 1)`)
        .execute();

      await db.schema
        .createTable('webauthn_credentials')
        // base64url of the raw credential id (at most 1023 bytes).
        .addColumn('credential_id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        // COSE public key, base64url.
        .addColumn('public_key', 'text', (column) => column.notNull())
        .addColumn('counter', counter, (column) => column.notNull())
        // JSON array of transports the browser reported.
        .addColumn('transports', 'text', (column) => column.notNull().defaultTo('[]'))
        .addColumn('device_type', 'text', (column) => column.notNull())
        .addColumn('backed_up', 'integer', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('device_info', 'text', (column) => column.notNull())
        .addColumn('is_active', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('last_used_at', timestamp)
        .addCheckConstraint(
          'webauthn_credentials_device_type_check',
          sql`device_type in ('singleDevice', 'multiDevice')`,
        )
        .addCheckConstraint('webauthn_credentials_backed_up_check', sql`backed_up in (0, 1)`)
        .addCheckConstraint('webauthn_credentials_is_active_check', sql`is_active in (0, 1)`)
        .execute();
      await db.schema
        .createIndex('webauthn_credentials_user_idx')
        .on('webauthn_credentials')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('webauthn_challenges')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (column) => column.notNull())
        .addColumn('challenge', 'text', (column) => column.notNull())
        // Registration: the name and device given at begin. Authentication: the allowCredentials.
        .addColumn('credential_name', 'text')
        .addColumn('device_info', 'text')
        .addColumn('allow_credentials', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addCheckConstraint(
          'webauthn_challenges_purpose_check',
          sql`purpose in ('registration', 'payment', 'manage')`,
        )
        .execute();
      // One pending ceremony per user and purpose: a new begin replaces the old one.
      await db.schema
        .createIndex('webauthn_challenges_user_purpose_idx')
        .on('webauthn_challenges')
        .columns(['user_id', 'purpose'])
        .unique()
        .execute();
      await db.schema
        .createIndex('webauthn_challenges_expires_idx')
        .on('webauthn_challenges')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('webauthn_verifications')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('credential_id', 'text', (column) =>
          column.notNull().references('webauthn_credentials.credential_id').onDelete('cascade'),
        )
        .addColumn('purpose', 'text', (column) => column.notNull())
        .addColumn('verified_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addCheckConstraint(
          'webauthn_verifications_purpose_check',
          sql`purpose in ('payment', 'manage')`,
        )
        .execute();
      await db.schema
        .createIndex('webauthn_verifications_user_idx')
        .on('webauthn_verifications')
        .columns(['user_id', 'purpose', 'expires_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'webauthn_verifications',
        'webauthn_challenges',
        'webauthn_credentials',
        'webauthn_accounts',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
};
