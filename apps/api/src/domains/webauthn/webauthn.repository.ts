import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  Tables,
  WebauthnChallengePurpose,
  WebauthnChallengesTable,
  WebauthnCredentialsTable,
} from '../../db/tables.ts';
import { toIsoString } from '../../db/timestamps.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

/** A registered passkey as the services see it; only this module knows the row. */
export interface StoredCredential {
  credentialId: string;
  userId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  name: string;
  deviceInfo: string;
  isActive: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface WebauthnAccount {
  userId: string;
  userHandle: string;
  requireForPayments: boolean;
}

/** A passed verification as the gate sees it. */
export interface StoredVerification {
  id: string;
  expiresAt: Date;
  /** The plan of the payment it first authorised (payment verifications), else null. */
  paymentPlan: string | null;
  boundAt: Date | null;
}

export interface StoredChallenge {
  userId: string;
  purpose: WebauthnChallengePurpose;
  challenge: string;
  credentialName: string | null;
  deviceInfo: string | null;
  /** The credential ids the options allowed (authentication), or null. */
  allowCredentials: string[] | null;
  expiresAt: Date;
}

export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return (
    error.code === '23505' ||
    error.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

const toDate = (value: Date | string) => new Date(toIsoString(value));

function parseStringArray(value: string | null): string[] | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function toCredential(row: Selectable<WebauthnCredentialsTable>): StoredCredential {
  return {
    credentialId: row.credential_id,
    userId: row.user_id,
    publicKey: row.public_key,
    // bigint arrives as a string from PostgreSQL; the counter is at most 2^32 - 1.
    counter: Number(row.counter),
    transports: parseStringArray(row.transports) ?? [],
    deviceType: row.device_type,
    backedUp: row.backed_up === 1,
    name: row.name,
    deviceInfo: row.device_info,
    isActive: row.is_active === 1,
    createdAt: toDate(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : toDate(row.last_used_at),
  };
}

function toChallenge(row: Selectable<WebauthnChallengesTable>): StoredChallenge {
  return {
    userId: row.user_id,
    purpose: row.purpose,
    challenge: row.challenge,
    credentialName: row.credential_name,
    deviceInfo: row.device_info,
    allowCredentials: parseStringArray(row.allow_credentials),
    expiresAt: toDate(row.expires_at),
  };
}

export interface NewCredential {
  credentialId: string;
  userId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  name: string;
  deviceInfo: string;
  now: Date;
}

export interface NewChallenge {
  id: string;
  userId: string;
  purpose: WebauthnChallengePurpose;
  challenge: string;
  credentialName: string | null;
  deviceInfo: string | null;
  allowCredentials: string[] | null;
  now: Date;
  expiresAt: Date;
}

/**
 * All of WebAuthn's SQL. Built on the database or on a transaction (the service opens one when
 * a rule spans several statements).
 */
export function createWebauthnRepository(db: Executor) {
  return {
    async findAccount(userId: string): Promise<WebauthnAccount | null> {
      const row = await db
        .selectFrom('webauthn_accounts')
        .select(['user_id', 'user_handle', 'require_for_payments'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row
        ? {
            userId: row.user_id,
            userHandle: row.user_handle,
            requireForPayments: row.require_for_payments === 1,
          }
        : null;
    },

    /** The user's row, created with `userHandle` on first use; an existing handle never changes. */
    async ensureAccount(userId: string, userHandle: string, now: Date): Promise<WebauthnAccount> {
      await db
        .insertInto('webauthn_accounts')
        .values({
          user_id: userId,
          user_handle: userHandle,
          require_for_payments: 0,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
      const account = await this.findAccount(userId);
      if (!account) throw new Error('webauthn account vanished after insert');
      return account;
    },

    /**
     * Writes the account row (creating it if needed), which also takes its lock until the
     * transaction ends: rules about "the last active credential" run one at a time per user.
     */
    async lockAccount(userId: string, userHandle: string, now: Date): Promise<WebauthnAccount> {
      await this.ensureAccount(userId, userHandle, now);
      await db
        .updateTable('webauthn_accounts')
        .set({ updated_at: now.toISOString() })
        .where('user_id', '=', userId)
        .execute();
      const account = await this.findAccount(userId);
      if (!account) throw new Error('webauthn account vanished while locked');
      return account;
    },

    async setRequireForPayments(userId: string, required: boolean, now: Date): Promise<void> {
      await db
        .updateTable('webauthn_accounts')
        .set({ require_for_payments: required ? 1 : 0, updated_at: now.toISOString() })
        .where('user_id', '=', userId)
        .execute();
    },

    /** Newest first. */
    async listCredentials(userId: string): Promise<StoredCredential[]> {
      const rows = await db
        .selectFrom('webauthn_credentials')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('credential_id', 'asc')
        .execute();
      return rows.map(toCredential);
    },

    async countActive(userId: string): Promise<number> {
      const row = await db
        .selectFrom('webauthn_credentials')
        .select(({ fn }) => fn.countAll().as('count'))
        .where('user_id', '=', userId)
        .where('is_active', '=', 1)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** The credential when it is this user's; another user's answers the same as none. */
    async findCredentialForUser(
      credentialId: string,
      userId: string,
    ): Promise<StoredCredential | null> {
      const row = await db
        .selectFrom('webauthn_credentials')
        .selectAll()
        .where('credential_id', '=', credentialId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toCredential(row) : null;
    },

    async credentialExists(credentialId: string): Promise<boolean> {
      const row = await db
        .selectFrom('webauthn_credentials')
        .select('credential_id')
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** False when the id is already registered (to anyone): the primary key decides. */
    async insertCredential(credential: NewCredential): Promise<StoredCredential | null> {
      try {
        await db
          .insertInto('webauthn_credentials')
          .values({
            credential_id: credential.credentialId,
            user_id: credential.userId,
            public_key: credential.publicKey,
            counter: credential.counter,
            transports: JSON.stringify(credential.transports),
            device_type: credential.deviceType,
            backed_up: credential.backedUp ? 1 : 0,
            name: credential.name,
            device_info: credential.deviceInfo,
            is_active: 1,
            created_at: credential.now.toISOString(),
            last_used_at: null,
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
      return this.findCredentialForUser(credential.credentialId, credential.userId);
    },

    async updateCredential(
      credentialId: string,
      userId: string,
      change: { name?: string; isActive?: boolean },
    ): Promise<StoredCredential | null> {
      await db
        .updateTable('webauthn_credentials')
        .set({
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.isActive === undefined ? {} : { is_active: change.isActive ? 1 : 0 }),
        })
        .where('credential_id', '=', credentialId)
        .where('user_id', '=', userId)
        .execute();
      return this.findCredentialForUser(credentialId, userId);
    },

    /**
     * After a verified assertion: only if the counter is still the one the check was made
     * against, so two assertions racing cannot both move it.
     */
    async recordUse(
      credentialId: string,
      update: { previousCounter: number; counter: number; backedUp: boolean; now: Date },
    ): Promise<boolean> {
      const result = await db
        .updateTable('webauthn_credentials')
        .set({
          counter: update.counter,
          backed_up: update.backedUp ? 1 : 0,
          last_used_at: update.now.toISOString(),
        })
        .where('credential_id', '=', credentialId)
        .where('counter', '=', update.previousCounter)
        .where('is_active', '=', 1)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteCredential(credentialId: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('webauthn_credentials')
        .where('credential_id', '=', credentialId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Stores a ceremony's challenge, replacing the user's pending one of the same purpose. */
    async putChallenge(challenge: NewChallenge): Promise<void> {
      const values = {
        id: challenge.id,
        challenge: challenge.challenge,
        credential_name: challenge.credentialName,
        device_info: challenge.deviceInfo,
        allow_credentials:
          challenge.allowCredentials === null ? null : JSON.stringify(challenge.allowCredentials),
        created_at: challenge.now.toISOString(),
        expires_at: challenge.expiresAt.toISOString(),
      };
      await db
        .insertInto('webauthn_challenges')
        .values({ ...values, user_id: challenge.userId, purpose: challenge.purpose })
        .onConflict((conflict) => conflict.columns(['user_id', 'purpose']).doUpdateSet(values))
        .execute();
    },

    /**
     * Takes the pending challenge out in one statement: whoever deletes it owns the attempt,
     * so it can be used once, whatever the attempt's outcome. Expiry is the caller's check.
     */
    async takeChallenge(
      userId: string,
      purpose: WebauthnChallengePurpose,
    ): Promise<StoredChallenge | null> {
      const row = await db
        .deleteFrom('webauthn_challenges')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .returningAll()
        .executeTakeFirst();
      return row ? toChallenge(row) : null;
    },

    async deleteExpiredChallenges(now: Date): Promise<void> {
      await db
        .deleteFrom('webauthn_challenges')
        .where('expires_at', '<=', now.toISOString())
        .execute();
    },

    async insertVerification(verification: {
      id: string;
      userId: string;
      credentialId: string;
      purpose: 'payment' | 'manage';
      sessionKey: string;
      now: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('webauthn_verifications')
        .values({
          id: verification.id,
          user_id: verification.userId,
          credential_id: verification.credentialId,
          purpose: verification.purpose,
          session_key: verification.sessionKey,
          payment_plan: null,
          bound_at: null,
          verified_at: verification.now.toISOString(),
          expires_at: verification.expiresAt.toISOString(),
        })
        .execute();
    },

    /**
     * The latest unexpired verification of this purpose made by this user in this sign-in, or
     * null. Another session's verification, or one made before a sign-out, is never found.
     */
    async findVerification(
      userId: string,
      sessionKey: string,
      purpose: 'payment' | 'manage',
      now: Date,
    ): Promise<StoredVerification | null> {
      const row = await db
        .selectFrom('webauthn_verifications')
        .select(['id', 'expires_at', 'payment_plan', 'bound_at'])
        .where('user_id', '=', userId)
        .where('session_key', '=', sessionKey)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now.toISOString())
        .orderBy('expires_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            expiresAt: toDate(row.expires_at),
            paymentPlan: row.payment_plan,
            boundAt: row.bound_at === null ? null : toDate(row.bound_at),
          }
        : null;
    },

    /**
     * Fixes an unbound payment verification to the plan of the payment it first authorises, in
     * one statement: of two first uses racing, one wins and the other re-reads. False when it
     * was bound already.
     */
    async bindPaymentVerification(id: string, plan: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('webauthn_verifications')
        .set({ payment_plan: plan, bound_at: now.toISOString() })
        .where('id', '=', id)
        .where('payment_plan', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteExpiredVerifications(now: Date): Promise<void> {
      await db
        .deleteFrom('webauthn_verifications')
        .where('expires_at', '<=', now.toISOString())
        .execute();
    },
  };
}

export type WebauthnRepository = ReturnType<typeof createWebauthnRepository>;
