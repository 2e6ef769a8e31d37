import { randomUUID } from 'node:crypto';
import type { AuthProvider, UserPreferences } from '@studio/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Tables, UsersTable } from '../../db/tables.ts';
import { toIsoString } from '../../db/timestamps.ts';
import {
  asAuthProvider,
  asCurrency,
  asLanguage,
  asSubscriptionTier,
  asTheme,
  defaultPreferences,
  type User,
} from './user.ts';

function parseRoles(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((role) => typeof role === 'string') : [];
  } catch {
    return [];
  }
}

function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    userName: row.user_name,
    email: row.email,
    emailVerified: row.email_verified === 1,
    displayName: row.display_name,
    authProvider: asAuthProvider(row.auth_provider),
    roles: parseRoles(row.roles),
    passwordHash: row.password_hash,
    preferences: {
      language: asLanguage(row.language),
      currency: asCurrency(row.currency),
      theme: asTheme(row.theme),
    },
    subscriptionTier: asSubscriptionTier(row.subscription_tier),
    proUntil: row.pro_until === null ? null : Date.parse(toIsoString(row.pro_until)),
    godmodeUntil: row.godmode_until === null ? null : Date.parse(toIsoString(row.godmode_until)),
    tokensNotBefore:
      row.tokens_not_before === null ? null : Date.parse(toIsoString(row.tokens_not_before)),
    createdAt: toIsoString(row.created_at),
  };
}

export interface NewUser {
  userName: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string;
  authProvider: AuthProvider;
  roles?: string[];
  passwordHash?: string | null;
  language?: UserPreferences['language'];
}

export function createUsersRepository(db: Kysely<Tables>) {
  const findById = async (id: string): Promise<User | null> => {
    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toUser(row) : null;
  };

  const findByVerifiedEmail = async (email: string): Promise<User | null> => {
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .where('email_verified', '=', 1)
      .executeTakeFirst();
    return row ? toUser(row) : null;
  };

  return {
    findById,
    findByVerifiedEmail,

    /**
     * Creates a user. A verified address already taken (two first sign-ins racing) is not an
     * error: the existing account is returned, so both end up in the same one.
     */
    async create(user: NewUser, now: Date): Promise<User> {
      const id = randomUUID();
      const time = now.toISOString();
      const result = await db
        .insertInto('users')
        .values({
          id,
          user_name: user.userName,
          email: user.email,
          email_verified: user.emailVerified ? 1 : 0,
          display_name: user.displayName,
          auth_provider: user.authProvider,
          roles: JSON.stringify(user.roles ?? []),
          password_hash: user.passwordHash ?? null,
          language: user.language ?? defaultPreferences.language,
          currency: defaultPreferences.currency,
          theme: defaultPreferences.theme,
          subscription_tier: 'free',
          tokens_not_before: null,
          created_at: time,
          updated_at: time,
        })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      const created =
        (result.numInsertedOrUpdatedRows ?? 0n) > 0n
          ? await findById(id)
          : user.email && user.emailVerified
            ? await findByVerifiedEmail(user.email)
            : null;
      if (!created) throw new Error('the new user could not be stored');
      return created;
    },

    async updateDisplayName(id: string, displayName: string, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ display_name: displayName, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async updatePreferences(id: string, preferences: Partial<UserPreferences>, now: Date) {
      await db
        .updateTable('users')
        .set({ ...preferences, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async setPasswordHash(id: string, passwordHash: string, now: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /** Every token issued before `instant` stops working ("sign out everywhere"). */
    async setTokensNotBefore(id: string, instant: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ tokens_not_before: instant.toISOString(), updated_at: instant.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    /** What the identity service says now: roles (§3) and, once verified, the address. */
    async refreshFromIdentity(
      id: string,
      changes: { roles: string[]; email?: string; emailVerified?: boolean },
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({
          roles: JSON.stringify(changes.roles),
          ...(changes.email === undefined ? {} : { email: changes.email }),
          ...(changes.emailVerified === undefined
            ? {}
            : { email_verified: changes.emailVerified ? 1 : 0 }),
          updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Sessions, tokens, identities and reset links go with it (ON DELETE CASCADE). */
    /** Which of these ids still have an account (the storage sweep's question). */
    async existingIds(ids: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      // Chunks keep the statement under every driver's parameter limit.
      for (let start = 0; start < ids.length; start += 500) {
        const rows = await db
          .selectFrom('users')
          .select('id')
          .where('id', 'in', ids.slice(start, start + 500))
          .execute();
        for (const row of rows) found.add(row.id);
      }
      return found;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async findUserIdByIdentity(issuer: string, subject: string): Promise<string | null> {
      const row = await db
        .selectFrom('user_identities')
        .select('user_id')
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.user_id ?? null;
    },

    /** Links (issuer, subject) to a user; the first link wins a race. Returns the linked user id. */
    async linkIdentity(
      link: { issuer: string; subject: string; userId: string; provider: AuthProvider },
      now: Date,
    ): Promise<string> {
      await db
        .insertInto('user_identities')
        .values({
          issuer: link.issuer,
          subject: link.subject,
          user_id: link.userId,
          provider: link.provider,
          created_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['issuer', 'subject']).doNothing())
        .execute();
      const row = await db
        .selectFrom('user_identities')
        .select('user_id')
        .where('issuer', '=', link.issuer)
        .where('subject', '=', link.subject)
        .executeTakeFirstOrThrow();
      return row.user_id;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
