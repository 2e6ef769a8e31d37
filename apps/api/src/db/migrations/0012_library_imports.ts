import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * The library's imports: each thing a visitor made in a browser and moved into their account
 * (POST /api/library/imports), by the browser's id of it (`source_id`) and the account's id of
 * the copy (`item_id`, an images, voice_clips or music_pieces row). One row per browser thing and
 * user, so importing it again answers the first copy; the rows of one day are the daily cap.
 *
 * A user's rows go with the user (ON DELETE CASCADE). `item_id` names no foreign key: it names
 * one of three tables, and a copy deleted since simply makes the next import of it a new one.
 */
export const libraryImports: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('library_imports')
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        // `image`, `clip` or `piece`.
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('source_id', 'text', (column) => column.notNull())
        .addColumn('item_id', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('library_imports_pkey', ['user_id', 'kind', 'source_id'])
        .execute();
      // Today's imports of a user (the daily cap).
      await db.schema
        .createIndex('library_imports_user_created_idx')
        .on('library_imports')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('library_imports').execute();
    },
  };
};
