import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * Accounts and first-party sign-in: users, their external identities, sessions (refresh-token
 * families), one-time codes, pending registrations and password-reset links. Every row that
 * belongs to a user goes with it (ON DELETE CASCADE; SQLite enforces it because the database
 * is opened with foreign_keys = ON). Booleans are integers 0/1 so both databases read the same.
 */
export const accounts: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_name', 'text', (column) => column.notNull())
        // Lower-cased; null when the identity service gave none.
        .addColumn('email', 'text')
        .addColumn('email_verified', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('display_name', 'text', (column) => column.notNull())
        .addColumn('auth_provider', 'text', (column) => column.notNull())
        .addColumn('roles', 'text', (column) => column.notNull().defaultTo('[]'))
        .addColumn('password_hash', 'text')
        .addColumn('language', 'text', (column) => column.notNull().defaultTo('en'))
        .addColumn('currency', 'text', (column) => column.notNull().defaultTo('USD'))
        .addColumn('theme', 'text', (column) => column.notNull().defaultTo('dark'))
        .addColumn('subscription_tier', 'text', (column) => column.notNull().defaultTo('free'))
        .addColumn('tokens_not_before', timestamp)
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .addCheckConstraint('users_email_verified_check', sql`email_verified in (0, 1)`)
        .execute();
      // One account per verified address; an unverified address proves nothing and may repeat.
      await db.schema
        .createIndex('users_verified_email_idx')
        .on('users')
        .column('email')
        .unique()
        .where(sql.ref('email_verified'), '=', 1)
        .execute();

      await db.schema
        .createTable('user_identities')
        .addColumn('issuer', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('provider', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('user_identities_pkey', ['issuer', 'subject'])
        .execute();
      await db.schema
        .createIndex('user_identities_user_id_idx')
        .on('user_identities')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('method', 'text', (column) => column.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('last_used_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('revoked_at', timestamp)
        .execute();
      await db.schema
        .createIndex('sessions_user_id_idx')
        .on('sessions')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        // SHA-256 of the cookie's secret: a database leak yields no usable token.
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('session_id', 'text', (column) =>
          column.notNull().references('sessions.id').onDelete('cascade'),
        )
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      await db.schema
        .createIndex('refresh_tokens_session_id_idx')
        .on('refresh_tokens')
        .column('session_id')
        .execute();

      await db.schema
        .createTable('one_time_codes')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('purpose', 'text', (column) => column.notNull())
        .addColumn('code_hmac', 'text', (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('consumed_at', timestamp)
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addCheckConstraint('one_time_codes_purpose_check', sql`purpose in ('sign-in', 'register')`)
        .execute();
      await db.schema
        .createIndex('one_time_codes_email_purpose_idx')
        .on('one_time_codes')
        .columns(['email', 'purpose'])
        .execute();

      await db.schema
        .createTable('pending_registrations')
        .addColumn('email', 'text', (column) => column.primaryKey())
        .addColumn('user_name', 'text', (column) => column.notNull())
        .addColumn('password_hash', 'text', (column) => column.notNull())
        .addColumn('language', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('password_reset_tokens')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('used_at', timestamp)
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('password_reset_tokens_user_id_idx')
        .on('password_reset_tokens')
        .column('user_id')
        .execute();
    },
  };
};
