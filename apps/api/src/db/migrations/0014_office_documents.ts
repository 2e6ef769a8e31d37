import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migration-factory.ts';

/**
 * The office tools: each document read or made (`office_documents`) — its file in the object
 * store, what it is (format, size, title, parts, the parts read with OCR, tables) and how it
 * came to be (upload, convert, translate, generate, and its source) — with its parts as JSON
 * (`model`), or, when they are large, the key of a JSON object holding them (`model_key`); and
 * the answers asked of it (`office_answers`) with the passages they cite.
 *
 * `owner` is `user:<id>` or `visitor:<hash of their key>`; a user's rows also name the user
 * (`user_id`), so they go with the account (ON DELETE CASCADE). A visitor's rows have
 * `expires_at` and are deleted by the office sweep with their files. Answers go with their
 * document. Numbered 0014 to leave 0013 to the vision tool's migration, made at the same time.
 */
export const officeDocuments: MigrationFactory = (driver) => {
  const timestamp = driver === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('office_documents')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('owner', 'text', (column) => column.notNull())
        .addColumn('user_id', 'text', (column) => column.references('users.id').onDelete('cascade'))
        .addColumn('storage_key', 'text', (column) => column.notNull())
        .addColumn('file_name', 'text', (column) => column.notNull())
        .addColumn('format', 'text', (column) => column.notNull())
        .addColumn('bytes', 'integer', (column) => column.notNull())
        .addColumn('title', 'text')
        .addColumn('parts', 'integer', (column) => column.notNull())
        .addColumn('part_kind', 'text', (column) => column.notNull())
        .addColumn('ocr_parts', 'text', (column) => column.notNull())
        .addColumn('tables', 'integer', (column) => column.notNull())
        .addColumn('operation', 'text', (column) => column.notNull())
        .addColumn('source_id', 'text')
        .addColumn('model', 'text')
        .addColumn('model_key', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp)
        .execute();
      // An owner's documents, newest first, paged by (created_at, id).
      await db.schema
        .createIndex('office_documents_owner_created_idx')
        .on('office_documents')
        .columns(['owner', 'created_at desc', 'id'])
        .execute();
      // The sweep's question: which visitors' documents have expired.
      await db.schema
        .createIndex('office_documents_expires_idx')
        .on('office_documents')
        .column('expires_at')
        .execute();
      // The orphan sweep's question: which keys a row still names.
      await db.schema
        .createIndex('office_documents_storage_key_idx')
        .on('office_documents')
        .column('storage_key')
        .execute();

      await db.schema
        .createTable('office_answers')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('document_id', 'text', (column) =>
          column.notNull().references('office_documents.id').onDelete('cascade'),
        )
        .addColumn('task', 'text', (column) => column.notNull())
        .addColumn('question', 'text')
        .addColumn('text', 'text', (column) => column.notNull())
        .addColumn('sources', 'text', (column) => column.notNull())
        .addColumn('state', 'text', (column) => column.notNull())
        .addColumn('model_id', 'text', (column) => column.notNull())
        .addColumn('model_name', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('office_answers_document_created_idx')
        .on('office_answers')
        .columns(['document_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('office_answers').execute();
      await db.schema.dropTable('office_documents').execute();
    },
  };
};
