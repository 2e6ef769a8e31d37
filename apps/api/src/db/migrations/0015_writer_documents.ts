import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * The content writer: a signed-in user's documents (`writer_documents`, with their latest
 * content and how many versions they have), every version a generation, a transform, an edit or
 * a restore left (`writer_versions`, numbered 1, 2, 3… per document), and the user's own
 * templates (`writer_templates`: a template with its fields set, shareable by a token).
 *
 * Everything names its user or its document and goes with them (ON DELETE CASCADE). A visitor's
 * documents stay in their browser: nothing of theirs is kept here.
 */
export const writerDocuments: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('writer_documents')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (column) => column.notNull())
        .addColumn('template', 'text')
        .addColumn('language', 'text', (column) => column.notNull())
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('versions', 'integer', (column) => column.notNull())
        .addColumn('current_version', 'integer', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .execute();
      // A user's documents, the last written to first, paged by (updated_at, id).
      await db.schema
        .createIndex('writer_documents_user_updated_idx')
        .on('writer_documents')
        .columns(['user_id', 'updated_at desc', 'id'])
        .execute();

      await db.schema
        .createTable('writer_versions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('document_id', 'text', (column) =>
          column.notNull().references('writer_documents.id').onDelete('cascade'),
        )
        .addColumn('number', 'integer', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('template', 'text')
        .addColumn('transform', 'text')
        .addColumn('restored_from', 'integer')
        .addColumn('state', 'text', (column) => column.notNull())
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('model_name', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addUniqueConstraint('writer_versions_document_number_key', ['document_id', 'number'])
        .execute();

      await db.schema
        .createTable('writer_templates')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) =>
          column.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('template', 'text', (column) => column.notNull())
        .addColumn('fields', 'text', (column) => column.notNull())
        .addColumn('tone', 'text', (column) => column.notNull())
        .addColumn('length', 'text', (column) => column.notNull())
        .addColumn('audience', 'text', (column) => column.notNull())
        .addColumn('language', 'text', (column) => column.notNull())
        .addColumn('share_token', 'text', (column) => column.unique())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('writer_templates_user_created_idx')
        .on('writer_templates')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('writer_templates').execute();
      await db.schema.dropTable('writer_versions').execute();
      await db.schema.dropTable('writer_documents').execute();
    },
  };
};
