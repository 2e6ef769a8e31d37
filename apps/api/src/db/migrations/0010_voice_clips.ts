import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * The voice synthesis tool: each signed-in user's clips (`voice_clips`) with the settings that
 * made them, so a clip can be replayed or made again, and the spoken parts of running and
 * recent jobs (`voice_parts`), so a page plays the first sentences while the rest are spoken.
 *
 * A user's clips go with the user (ON DELETE CASCADE; their files go with the owner's prefix in
 * the object store). Visitors' clips are never stored here: their job's result names the file.
 * A part row names its job, its place in the text and its file, whoever the job is for; parts
 * are transient (swept with their files after VOICE_KEEP_HOURS).
 */
export const voiceClips: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('voice_clips')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('text', 'text', (column) => column.notNull())
        .addColumn('language', 'text', (column) => column.notNull())
        .addColumn('voice', 'text', (column) => column.notNull())
        .addColumn('voice_name', 'text', (column) => column.notNull())
        .addColumn('engine', 'text', (column) => column.notNull())
        .addColumn('speed', 'double precision', (column) => column.notNull())
        .addColumn('pitch', 'double precision', (column) => column.notNull())
        .addColumn('format', 'text', (column) => column.notNull())
        .addColumn('instructions', 'text')
        .addColumn('characters', 'integer', (column) => column.notNull())
        .addColumn('duration_ms', 'integer', (column) => column.notNull())
        .addColumn('bytes', 'integer', (column) => column.notNull())
        .addColumn('storage_key', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      // A user's clips, newest first, paged by (created_at, id).
      await db.schema
        .createIndex('voice_clips_user_created_idx')
        .on('voice_clips')
        .columns(['user_id', 'created_at desc', 'id'])
        .execute();

      await db.schema
        .createTable('voice_parts')
        .addColumn('job_id', 'text', (column) => column.notNull())
        .addColumn('idx', 'integer', (column) => column.notNull())
        .addColumn('storage_key', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('voice_parts_pkey', ['job_id', 'idx'])
        .execute();
      // The sweep forgets old parts by age.
      await db.schema
        .createIndex('voice_parts_created_idx')
        .on('voice_parts')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('voice_parts').execute();
      await db.schema.dropTable('voice_clips').execute();
    },
  };
};
