import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * A visitor's images count twice (issue 22 §1): against their own key's daily limit and against
 * the ceiling all visitors behind their address share. An image job's hold names both, so that
 * whatever settles it gives the units back to both: `ceiling_subject` is the shared count's
 * subject (same meter and day), null for a user's job and for holds made before this.
 */
export const imageQuotaHoldCeilings: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('image_quota_holds').addColumn('ceiling_subject', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('image_quota_holds').dropColumn('ceiling_subject').execute();
  },
});
