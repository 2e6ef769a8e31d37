import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * The vision tool: each picture read (vision_reads) and the answers about it (vision_answers).
 *
 * `owner` is who may see a read: a user's id, or `visitor:<hash of their key>`; `user_id` names a
 * user's reads again as a foreign key, so they go with the account (ON DELETE CASCADE), while a
 * visitor's carry `expires_at` and are deleted by the `vision.sweep` job. `lines` is the JSON of
 * the lines and words with their boxes; `has_table` is 0 or 1. Answers go with their read.
 */
export const visionReads: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  const real = driver === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('vision_reads')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('owner', 'text', (column) => column.notNull())
        .addColumn('user_id', 'text', (column) => column.references('users.id').onDelete('cascade'))
        .addColumn('storage_key', 'text', (column) => column.notNull())
        .addColumn('file_name', 'text', (column) => column.notNull())
        .addColumn('bytes', 'integer', (column) => column.notNull())
        .addColumn('width', 'integer', (column) => column.notNull())
        .addColumn('height', 'integer', (column) => column.notNull())
        // Comma-separated: `en`, `vi`, `en,vi`.
        .addColumn('languages', 'text', (column) => column.notNull())
        .addColumn('text', 'text', (column) => column.notNull())
        .addColumn('confidence', real, (column) => column.notNull())
        .addColumn('lines', 'text', (column) => column.notNull())
        .addColumn('has_table', 'integer', (column) => column.notNull())
        .addColumn('engine', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp)
        .execute();
      // An owner's reads, newest first (the list's pages).
      await db.schema
        .createIndex('vision_reads_owner_created_idx')
        .on('vision_reads')
        .columns(['owner', 'created_at', 'id'])
        .execute();
      // The sweep's question: which visitor reads have expired.
      await db.schema
        .createIndex('vision_reads_expires_idx')
        .on('vision_reads')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('vision_answers')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('read_id', 'text', (column) =>
          column.notNull().references('vision_reads.id').onDelete('cascade'),
        )
        // `describe`, `ask` or `translate`.
        .addColumn('task', 'text', (column) => column.notNull())
        .addColumn('question', 'text')
        .addColumn('target_language', 'text')
        .addColumn('text', 'text', (column) => column.notNull())
        // `complete`, `stopped` or `failed`.
        .addColumn('state', 'text', (column) => column.notNull())
        .addColumn('model_id', 'text', (column) => column.notNull())
        .addColumn('model_name', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('vision_answers_read_idx')
        .on('vision_answers')
        .columns(['read_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('vision_answers').execute();
      await db.schema.dropTable('vision_reads').execute();
    },
  };
};
