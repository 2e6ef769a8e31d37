import type { UserPreferences } from '@studio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStore } from '../../storage/object-store.ts';
import type { User } from './user.ts';
import type { UsersRepository } from './users.repository.ts';

/** The signed-in user's own account: display name, preferences (§7), deletion. */
export function createAccountService({
  users,
  forgetAddress,
  objects,
  log,
  now,
}: {
  users: UsersRepository;
  /**
   * Forgets what sign-in keeps by e-mail address rather than by account (its one-time codes,
   * a pending registration): the auth plugin says how, so accounts know nothing of sign-in.
   */
  forgetAddress: (email: string) => Promise<void>;
  /** The object store: the account's files go with it. */
  objects: Pick<ObjectStore, 'deleteOwner'>;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  return {
    async updateDisplayName(user: User, displayName: string): Promise<User> {
      await users.updateDisplayName(user.id, displayName, now());
      return { ...user, displayName };
    },

    async updatePreferences(user: User, changes: Partial<UserPreferences>): Promise<User> {
      const defined = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as Partial<UserPreferences>;
      if (Object.keys(defined).length > 0) await users.updatePreferences(user.id, defined, now());
      return { ...user, preferences: { ...user.preferences, ...defined } };
    },

    /**
     * Removes the account and everything tied to it: sessions, refresh tokens, identities and
     * reset links go with the row (ON DELETE CASCADE); codes and pending registrations are kept
     * by address, so they are removed by address. Its stored files (`users/<id>/…`) go after
     * the rows: if the object store cannot be reached now, the orphan sweep finds them later
     * (their owner is gone), and the account is deleted all the same.
     */
    async delete(user: User): Promise<void> {
      await users.delete(user.id);
      if (user.email && user.emailVerified) {
        await forgetAddress(user.email);
      }
      log.info({ event: 'account_deleted', userId: user.id }, 'account deleted');
      try {
        const count = await objects.deleteOwner(`user:${user.id}`);
        log.info(
          { event: 'account_files_deleted', userId: user.id, count },
          'account files deleted',
        );
      } catch (error) {
        log.warn(
          { event: 'account_files_left', userId: user.id, err: error },
          "the account's files are left for the orphan sweep",
        );
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
