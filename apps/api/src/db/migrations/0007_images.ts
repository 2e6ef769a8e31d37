import { type Kysely, sql } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * The image tools: each signed-in user's generated images (the gallery) with the settings that
 * made them and their lineage, and the quota units an image job holds until it ends.
 *
 * `parent_id` names the image this one was made from (an edit, a variation, an iterate).
 * Deleting a parent sets its children's `parent_id` to null (ON DELETE SET NULL): they stay in
 * the gallery as the roots of their own trees rather than vanishing with it. A user's images go
 * with the user (ON DELETE CASCADE). Visitors' images are never stored here.
 *
 * `image_quota_holds`: the units a queued or running job took from its owner's daily quota,
 * until the job settles them (kept for the images made, given back for the rest). Taken with one
 * DELETE … RETURNING, so whichever ends the job first (the job itself, or a cancel before it
 * ran) settles it, once, in any process.
 */
export const images: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  // Seeds are unsigned 32-bit numbers: past PostgreSQL's integer.
  const seed = driver === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('images')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('job_id', 'text', (column) => column.notNull())
        .addColumn('idx', 'integer', (column) => column.notNull())
        .addColumn('tool', 'text', (column) => column.notNull())
        .addColumn('mode', 'text', (column) => column.notNull())
        .addColumn('prompt', 'text', (column) => column.notNull())
        .addColumn('negative_prompt', 'text')
        .addColumn('model_id', 'text', (column) => column.notNull())
        .addColumn('model_name', 'text', (column) => column.notNull())
        .addColumn('seed', seed)
        .addColumn('aspect_ratio', 'text', (column) => column.notNull())
        .addColumn('style', 'text')
        .addColumn('width', 'integer', (column) => column.notNull())
        .addColumn('height', 'integer', (column) => column.notNull())
        .addColumn('parent_id', 'text', (column) =>
          column.references('images.id').onDelete('set null'),
        )
        .addColumn('storage_key', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addCheckConstraint('images_mode_check', sql`mode in ('generate', 'edit', 'variation')`)
        .addUniqueConstraint('images_job_idx_key', ['job_id', 'idx'])
        .execute();
      // The gallery: one user's images, newest first, paged by (created_at, id).
      await db.schema
        .createIndex('images_user_created_idx')
        .on('images')
        .columns(['user_id', 'created_at desc', 'id'])
        .execute();
      // The family tree walks down from a parent.
      await db.schema.createIndex('images_parent_idx').on('images').column('parent_id').execute();

      await db.schema
        .createTable('image_quota_holds')
        .addColumn('job_id', 'text', (column) => column.primaryKey())
        .addColumn('meter', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('units', 'integer', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('image_quota_holds').execute();
      await db.schema.dropTable('images').execute();
    },
  };
};
