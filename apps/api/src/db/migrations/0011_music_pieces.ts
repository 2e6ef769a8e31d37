import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * The music creator: each signed-in user's pieces (`music_pieces`) with the settings that made
 * them (every choice resolved, so a piece can be made again), what the engine kept of how it
 * made them (the composer's arrangement, to extend a piece or write a section again), their
 * sections and their family (the piece each came from, and how); and their files
 * (`music_files`: the MP3, the WAV, the MIDI and each instrument's stem), one row a file so the
 * orphan sweep asks one column which keys are still named.
 *
 * JSON is kept as text on both databases (read and checked by the repository). A user's pieces
 * go with the user, a piece's file rows with the piece (ON DELETE CASCADE; the files themselves
 * are deleted by the service, or by the sweep once no row names them). A child keeps living when
 * its parent is deleted (its parent_id then names nothing: the family shows what is left).
 */
export const musicPieces: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('music_pieces')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('parent_id', 'text')
        .addColumn('operation', 'text')
        .addColumn('title', 'text', (column) => column.notNull())
        .addColumn('settings', 'text', (column) => column.notNull())
        .addColumn('composition', 'text')
        .addColumn('model', 'text', (column) => column.notNull())
        .addColumn('model_name', 'text', (column) => column.notNull())
        .addColumn('provider', 'text', (column) => column.notNull())
        .addColumn('quality', 'text', (column) => column.notNull())
        .addColumn('duration_ms', 'integer', (column) => column.notNull())
        .addColumn('sections', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      // A user's pieces, newest first, paged by (created_at, id).
      await db.schema
        .createIndex('music_pieces_user_created_idx')
        .on('music_pieces')
        .columns(['user_id', 'created_at desc', 'id'])
        .execute();
      // A family is walked by parent.
      await db.schema
        .createIndex('music_pieces_parent_idx')
        .on('music_pieces')
        .columns(['user_id', 'parent_id'])
        .execute();

      await db.schema
        .createTable('music_files')
        .addColumn('piece_id', 'text', (column) =>
          column.notNull().references('music_pieces.id').onDelete('cascade'),
        )
        // `mp3`, `wav`, `midi`, or `stem:<instrument>`.
        .addColumn('role', 'text', (column) => column.notNull())
        .addColumn('storage_key', 'text', (column) => column.notNull())
        .addColumn('bytes', 'integer', (column) => column.notNull())
        .addPrimaryKeyConstraint('music_files_pkey', ['piece_id', 'role'])
        .execute();
      await db.schema
        .createIndex('music_files_storage_key_idx')
        .on('music_files')
        .column('storage_key')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('music_files').execute();
      await db.schema.dropTable('music_pieces').execute();
    },
  };
};
