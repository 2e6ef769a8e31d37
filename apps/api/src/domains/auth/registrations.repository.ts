import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.ts';
import { asLanguage } from '../users/user.ts';
import type { LanguageCode } from '@studio/contracts';

export interface PendingRegistration {
  email: string;
  userName: string;
  passwordHash: string;
  language: LanguageCode;
}

/** Registrations waiting for their e-mailed code: the account exists only once it is confirmed. */
export function createRegistrationsRepository(db: Kysely<Tables>) {
  return {
    /** The latest registration for an address replaces an earlier unconfirmed one. */
    async save(registration: PendingRegistration, now: Date): Promise<void> {
      const values = {
        user_name: registration.userName,
        password_hash: registration.passwordHash,
        language: registration.language,
        created_at: now.toISOString(),
      };
      await db
        .insertInto('pending_registrations')
        .values({ email: registration.email, ...values })
        .onConflict((conflict) => conflict.column('email').doUpdateSet(values))
        .execute();
    },

    async find(email: string, createdAfter: Date): Promise<PendingRegistration | null> {
      const row = await db
        .selectFrom('pending_registrations')
        .selectAll()
        .where('email', '=', email)
        .where('created_at', '>', createdAfter.toISOString())
        .executeTakeFirst();
      return row
        ? {
            email: row.email,
            userName: row.user_name,
            passwordHash: row.password_hash,
            language: asLanguage(row.language),
          }
        : null;
    },

    async delete(email: string): Promise<void> {
      await db.deleteFrom('pending_registrations').where('email', '=', email).execute();
    },

    /** Housekeeping: registrations whose code can no longer be valid. */
    async deleteCreatedBefore(before: Date): Promise<void> {
      await db
        .deleteFrom('pending_registrations')
        .where('created_at', '<', before.toISOString())
        .execute();
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
