import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * The units a job holds from a daily allowance are every tool's, not the image tools' alone
 * (issue 23: one plan-quota module in domains/usage): `image_quota_holds` becomes `quota_holds`.
 * Its rows already name their meter, so nothing in them changes.
 */
export const quotaHolds: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('image_quota_holds').renameTo('quota_holds').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('quota_holds').renameTo('image_quota_holds').execute();
  },
});
