import {
  type WriterDocument,
  type WriterDocumentSummary,
  writerFields,
  writerLanguage,
  writerLength,
  type WriterSavedTemplate,
  writerTemplateId,
  writerTone,
  writerTransform,
  type WriterVersion,
  writerVersionKind,
  writerVersionState,
} from '@studio/contracts';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  Tables,
  WriterDocumentsTable,
  WriterTemplatesTable,
  WriterVersionsTable,
} from '../../db/tables.ts';
import { newestFirstPage, type PageCursor } from '../../db/newest-first-page.ts';
import { toIsoString } from '../../db/timestamps.ts';

/** A version about to be kept: what made it and what it holds (its number comes from the row). */
export type NewWriterVersion = Omit<WriterVersion, 'documentId' | 'number' | 'createdAt'>;

/** A document about to be started by its first version. */
export interface NewWriterDocument {
  id: string;
  userId: string;
  title: string;
  template: WriterDocument['template'];
  language: WriterDocument['language'];
}

/** A document moved in from a browser: its versions oldest first, the last one its content. */
export interface AdoptedWriterDocument {
  id: string;
  userId: string;
  title: string;
  template: WriterDocument['template'];
  language: WriterDocument['language'];
  versions: (NewWriterVersion & { createdAt: Date })[];
}

/** Characters of a document's content a list shows. */
const excerptCharacters = 200;

function toDocument(row: Selectable<WriterDocumentsTable>): WriterDocument | null {
  const template = row.template === null ? null : writerTemplateId.safeParse(row.template);
  const language = writerLanguage.safeParse(row.language);
  // A row this code cannot read (written by a later version) is left out, not guessed at.
  if ((template !== null && !template.success) || !language.success) return null;
  return {
    id: row.id,
    title: row.title,
    template: template?.data ?? null,
    language: language.data,
    content: row.content,
    versions: row.versions,
    currentVersion: row.current_version,
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
  };
}

function toVersion(row: Selectable<WriterVersionsTable>): WriterVersion | null {
  const kind = writerVersionKind.safeParse(row.kind);
  const state = writerVersionState.safeParse(row.state);
  const template = row.template === null ? null : writerTemplateId.safeParse(row.template);
  const transform = row.transform === null ? null : writerTransform.safeParse(row.transform);
  if (
    !kind.success ||
    !state.success ||
    (template !== null && !template.success) ||
    (transform !== null && !transform.success)
  ) {
    return null;
  }
  return {
    id: row.id,
    documentId: row.document_id,
    number: row.number,
    kind: kind.data,
    template: template?.data ?? null,
    transform: transform?.data ?? null,
    restoredFrom: row.restored_from,
    state: state.data,
    content: row.content,
    modelName: row.model_name,
    createdAt: toIsoString(row.created_at),
  };
}

function toTemplate(row: Selectable<WriterTemplatesTable>): WriterSavedTemplate | null {
  const template = writerTemplateId.safeParse(row.template);
  const fields = writerFields.safeParse(JSON.parse(row.fields));
  const tone = writerTone.safeParse(row.tone);
  const length = writerLength.safeParse(row.length);
  const language = writerLanguage.safeParse(row.language);
  if (!template.success || !fields.success || !tone.success || !length.success) return null;
  if (!language.success) return null;
  return {
    id: row.id,
    name: row.name,
    template: template.data,
    fields: fields.data,
    tone: tone.data,
    length: length.data,
    audience: row.audience,
    language: language.data,
    shareToken: row.share_token,
    createdAt: toIsoString(row.created_at),
  };
}

const present = <T>(value: T | null): value is T => value !== null;

/** What a list reads of a document: every column, its content cut to the excerpt. */
const summaryColumns = [
  'id',
  'user_id',
  'title',
  'template',
  'language',
  'versions',
  'current_version',
  'created_at',
  'updated_at',
  sql<string>`substr(content, 1, ${excerptCharacters})`.as('content'),
] as const;

/** A listed row (its content the excerpt) as a list shows the document. */
function toSummary(row: Selectable<WriterDocumentsTable>): WriterDocumentSummary | null {
  const document = toDocument(row);
  if (!document) return null;
  const { content, ...rest } = document;
  return { ...rest, excerpt: content };
}

/** All of the content writer's SQL: documents, their versions, and saved templates. */
export function createWriterRepository(db: Kysely<Tables>) {
  async function insertVersion(
    trx: Transaction<Tables>,
    documentId: string,
    number: number,
    version: NewWriterVersion,
    now: string,
  ): Promise<void> {
    await trx
      .insertInto('writer_versions')
      .values({
        id: version.id,
        document_id: documentId,
        number,
        kind: version.kind,
        template: version.template,
        transform: version.transform,
        restored_from: version.restoredFrom,
        state: version.state,
        content: version.content,
        model_name: version.modelName,
        created_at: now,
      })
      .execute();
  }

  return {
    /** A new document with its first version, in one transaction. */
    async startDocument(
      document: NewWriterDocument,
      version: NewWriterVersion,
      now: Date,
    ): Promise<{ document: WriterDocument; version: WriterVersion }> {
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('writer_documents')
          .values({
            id: document.id,
            user_id: document.userId,
            title: document.title,
            template: document.template,
            language: document.language,
            content: version.content,
            versions: 1,
            current_version: 1,
            created_at: at,
            updated_at: at,
          })
          .execute();
        await insertVersion(trx, document.id, 1, version, at);
      });
      return {
        document: {
          id: document.id,
          title: document.title,
          template: document.template,
          language: document.language,
          content: version.content,
          versions: 1,
          currentVersion: 1,
          createdAt: at,
          updatedAt: at,
        },
        version: { ...version, documentId: document.id, number: 1, createdAt: at },
      };
    },

    /**
     * The user's document with a new version (numbered after the last: the row's count, raised in
     * the same transaction, so two at once never take one number) that becomes its content;
     * null when the document is not theirs (or no longer exists).
     */
    async addVersion(
      userId: string,
      documentId: string,
      version: NewWriterVersion,
      now: Date,
      title?: string,
    ): Promise<{ document: WriterDocument; version: WriterVersion } | null> {
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('writer_documents')
          .set({
            versions: sql<number>`versions + 1`,
            current_version: sql<number>`versions + 1`,
            content: version.content,
            updated_at: at,
            ...(title === undefined ? {} : { title }),
          })
          .where('id', '=', documentId)
          .where('user_id', '=', userId)
          .returningAll()
          .executeTakeFirst();
        const document = row ? toDocument(row) : null;
        if (!document) return null;
        await insertVersion(trx, documentId, document.versions, version, at);
        return {
          document,
          version: { ...version, documentId, number: document.versions, createdAt: at },
        };
      });
    },

    /** The user's document, or null (another user's answers the same). */
    async findDocument(userId: string, id: string): Promise<WriterDocument | null> {
      const row = await db
        .selectFrom('writer_documents')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toDocument(row) : null;
    },

    /** A page of the user's documents, the last written to first, each with the start of its content. */
    async pageDocuments(
      userId: string,
      after: PageCursor | null,
      size: number,
    ): Promise<{ documents: WriterDocumentSummary[]; next: PageCursor | null }> {
      const query = db
        .selectFrom('writer_documents')
        .select(summaryColumns)
        .where('user_id', '=', userId);
      const { rows, next } = await newestFirstPage(query, after, size, 'updated_at');
      const documents = rows.map(toSummary).filter(present);
      return { documents, next };
    },

    /** The user's documents among these ids, as a list shows them (others' are left out). */
    async manyDocuments(userId: string, ids: string[]): Promise<WriterDocumentSummary[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('writer_documents')
        .select(summaryColumns)
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
      return rows.map(toSummary).filter(present);
    },

    /**
     * A document made elsewhere (a visitor's, in their browser) kept as the user's, with every
     * version numbered from 1 in the order they were made, in one transaction. It is placed in
     * lists by when it was made and last written to, as the browser says.
     */
    async adoptDocument(document: AdoptedWriterDocument): Promise<WriterDocument> {
      const first = document.versions[0];
      const last = document.versions.at(-1);
      if (!first || !last) throw new Error('A document needs a version.');
      const createdAt = first.createdAt.toISOString();
      const updatedAt = last.createdAt.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('writer_documents')
          .values({
            id: document.id,
            user_id: document.userId,
            title: document.title,
            template: document.template,
            language: document.language,
            content: last.content,
            versions: document.versions.length,
            current_version: document.versions.length,
            created_at: createdAt,
            updated_at: updatedAt,
          })
          .execute();
        for (const [index, version] of document.versions.entries()) {
          await insertVersion(
            trx,
            document.id,
            index + 1,
            version,
            version.createdAt.toISOString(),
          );
        }
      });
      return {
        id: document.id,
        title: document.title,
        template: document.template,
        language: document.language,
        content: last.content,
        versions: document.versions.length,
        currentVersion: document.versions.length,
        createdAt,
        updatedAt,
      };
    },

    /** A new title for the user's document (its content and versions unchanged). */
    async rename(userId: string, id: string, title: string, now: Date): Promise<void> {
      await db
        .updateTable('writer_documents')
        .set({ title, updated_at: now.toISOString() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Deletes the user's document and its versions; false when it was not theirs. */
    async deleteDocument(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('writer_documents')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The versions of the user's document, newest first (empty when it is not theirs). */
    async versions(userId: string, documentId: string): Promise<WriterVersion[]> {
      const rows = await db
        .selectFrom('writer_versions')
        .innerJoin('writer_documents', 'writer_documents.id', 'writer_versions.document_id')
        .selectAll('writer_versions')
        .where('writer_versions.document_id', '=', documentId)
        .where('writer_documents.user_id', '=', userId)
        .orderBy('writer_versions.number', 'desc')
        .execute();
      return rows.map(toVersion).filter(present);
    },

    /** One version of the user's document, by id or by number; null when it is not theirs. */
    async findVersion(
      userId: string,
      documentId: string,
      which: { id: string } | { number: number },
    ): Promise<WriterVersion | null> {
      let query = db
        .selectFrom('writer_versions')
        .innerJoin('writer_documents', 'writer_documents.id', 'writer_versions.document_id')
        .selectAll('writer_versions')
        .where('writer_versions.document_id', '=', documentId)
        .where('writer_documents.user_id', '=', userId);
      query =
        'id' in which
          ? query.where('writer_versions.id', '=', which.id)
          : query.where('writer_versions.number', '=', which.number);
      const row = await query.executeTakeFirst();
      return row ? toVersion(row) : null;
    },

    async insertTemplate(
      userId: string,
      template: Omit<WriterSavedTemplate, 'shareToken' | 'createdAt'>,
      now: Date,
    ): Promise<WriterSavedTemplate> {
      const at = now.toISOString();
      await db
        .insertInto('writer_templates')
        .values({
          id: template.id,
          user_id: userId,
          name: template.name,
          template: template.template,
          fields: JSON.stringify(template.fields),
          tone: template.tone,
          length: template.length,
          audience: template.audience,
          language: template.language,
          share_token: null,
          created_at: at,
        })
        .execute();
      return { ...template, shareToken: null, createdAt: at };
    },

    /** The user's templates, newest first. */
    async templates(userId: string): Promise<WriterSavedTemplate[]> {
      const rows = await db
        .selectFrom('writer_templates')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toTemplate).filter(present);
    },

    async deleteTemplate(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('writer_templates')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * The user's template with a share token: the one it has, or `token` when it has none yet
     * (sharing twice gives the same link); null when the template is not theirs.
     */
    async share(userId: string, id: string, token: string): Promise<WriterSavedTemplate | null> {
      await db
        .updateTable('writer_templates')
        .set({ share_token: token })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('share_token', 'is', null)
        .execute();
      const row = await db
        .selectFrom('writer_templates')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toTemplate(row) : null;
    },

    /** A shared template by its token, whoever owns it. */
    async findShared(token: string): Promise<WriterSavedTemplate | null> {
      const row = await db
        .selectFrom('writer_templates')
        .selectAll()
        .where('share_token', '=', token)
        .executeTakeFirst();
      return row ? toTemplate(row) : null;
    },
  };
}

export type WriterRepository = ReturnType<typeof createWriterRepository>;
