import type { LibraryKind } from '@studio/contracts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { likePattern } from '../../db/like-pattern.ts';
import type { DatabaseDriver } from '../../db/migrations/migration-factory.ts';
import type { Tables } from '../../db/tables.ts';
import { toIsoString } from '../../db/timestamps.ts';

/** Where a thing sits in the library's order: newest first, then by kind, then by id. */
export interface LibraryPosition {
  /** ISO 8601. */
  createdAt: string;
  kind: LibraryKind;
  id: string;
}

export interface LibraryFilter {
  kind?: LibraryKind | undefined;
  /** Matched case-insensitively anywhere in the words each thing was made from. */
  q?: string | undefined;
}

/** One earlier import: the account's copy of a browser's thing. */
export interface LibraryImportRecord {
  kind: LibraryKind;
  sourceId: string;
  /** Empty while the request that claimed it is making the copy. */
  itemId: string;
  /** ISO 8601: when it was claimed. */
  createdAt: string;
}

/**
 * The library's SQL: one page of a user's things across images, voice_clips, music_pieces and
 * writer_documents
 * (their ids and order only; each tool's repository reads the things themselves), and the
 * library_imports rows (which browser things were moved in, and how many today).
 */
export function createLibraryRepository(db: Kysely<Tables>, driver: DatabaseDriver) {
  /** A text field of a JSON text column (music_pieces.settings), as text or null. */
  const jsonField = (column: 'settings', field: 'prompt' | 'lyrics'): RawBuilder<string | null> =>
    driver === 'postgres'
      ? sql`(${sql.ref(column)}::json ->> ${sql.lit(field)})`
      : sql`json_extract(${sql.ref(column)}, ${sql.lit(`$.${field}`)})`;
  const matches = (value: RawBuilder<string | null> | RawBuilder<string>, pattern: string) =>
    sql<boolean>`lower(${value}) like ${pattern} escape '\\'`;

  return {
    /**
     * Up to `size + 1` positions after `after` (the extra one says a next page exists): one
     * UNION ALL of the three tables, each filtered by owner, kind and words.
     */
    async positions(
      userId: string,
      filter: LibraryFilter,
      after: LibraryPosition | null,
      size: number,
    ): Promise<LibraryPosition[]> {
      const pattern = filter.q ? likePattern(filter.q) : null;
      const wanted = (kind: LibraryKind) => filter.kind === undefined || filter.kind === kind;

      let images = db
        .selectFrom('images')
        .select([sql<LibraryKind>`'image'`.as('kind'), 'id', 'created_at'])
        .where('user_id', '=', userId);
      if (pattern) images = images.where(matches(sql.ref('prompt'), pattern));
      let clips = db
        .selectFrom('voice_clips')
        .select([sql<LibraryKind>`'clip'`.as('kind'), 'id', 'created_at'])
        .where('user_id', '=', userId);
      if (pattern) clips = clips.where(matches(sql.ref('text'), pattern));
      let pieces = db
        .selectFrom('music_pieces')
        .select([sql<LibraryKind>`'piece'`.as('kind'), 'id', 'created_at'])
        .where('user_id', '=', userId);
      if (pattern) {
        pieces = pieces.where(
          sql<boolean>`(${matches(sql.ref('title'), pattern)}
            or ${matches(jsonField('settings', 'prompt'), pattern)}
            or ${matches(jsonField('settings', 'lyrics'), pattern)})`,
        );
      }

      let documents = db
        .selectFrom('writer_documents')
        .select([sql<LibraryKind>`'document'`.as('kind'), 'id', 'created_at'])
        .where('user_id', '=', userId);
      if (pattern) {
        documents = documents.where(
          sql<boolean>`(${matches(sql.ref('title'), pattern)}
            or ${matches(sql.ref('content'), pattern)})`,
        );
      }

      const branches = [
        ...(wanted('image') ? [images] : []),
        ...(wanted('clip') ? [clips] : []),
        ...(wanted('piece') ? [pieces] : []),
        ...(wanted('document') ? [documents] : []),
      ];
      const [first, ...rest] = branches;
      if (!first) return [];
      const union = rest.reduce((all, branch) => all.unionAll(branch), first);

      let query = db.selectFrom(union.as('u')).selectAll();
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('u.created_at', '<', after.createdAt),
            eb.and([
              eb('u.created_at', '=', after.createdAt),
              eb.or([
                eb('u.kind', '>', after.kind),
                eb.and([eb('u.kind', '=', after.kind), eb('u.id', '>', after.id)]),
              ]),
            ]),
          ]),
        );
      }
      const rows = await query
        .orderBy('u.created_at', 'desc')
        .orderBy('u.kind', 'asc')
        .orderBy('u.id', 'asc')
        .limit(size + 1)
        .execute();
      return rows.map((row) => ({
        createdAt: toIsoString(row.created_at),
        kind: row.kind,
        id: row.id,
      }));
    },

    /** The account's copy of this browser thing, when it was moved in (or is being) before. */
    async findImport(
      userId: string,
      kind: LibraryKind,
      sourceId: string,
    ): Promise<LibraryImportRecord | null> {
      const row = await db
        .selectFrom('library_imports')
        .select(['kind', 'source_id', 'item_id', 'created_at'])
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('source_id', '=', sourceId)
        .executeTakeFirst();
      return row
        ? {
            kind: row.kind,
            sourceId: row.source_id,
            itemId: row.item_id,
            createdAt: toIsoString(row.created_at),
          }
        : null;
    },

    /**
     * Claims this browser thing for one request (its copy not made yet: an empty item id) if the
     * user has moved in fewer than `cap` things since `since`: `taken` when it is claimed or
     * moved already (the first keeps it), `full` at the cap. The count and the claim are one
     * transaction under the user's row lock (PostgreSQL; SQLite runs one write transaction at a
     * time), so requests racing for the last places cannot all count before any claims.
     */
    async claimImportWithinCap(
      userId: string,
      claim: { kind: LibraryKind; sourceId: string; now: Date },
      since: Date,
      cap: number,
    ): Promise<'claimed' | 'taken' | 'full'> {
      return db.transaction().execute(async (trx) => {
        if (driver === 'postgres') {
          await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        }
        const row = await trx
          .selectFrom('library_imports')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('user_id', '=', userId)
          .where('created_at', '>=', since.toISOString())
          .executeTakeFirst();
        if (Number(row?.count ?? 0) >= cap) return 'full';
        const inserted = await trx
          .insertInto('library_imports')
          .values({
            user_id: userId,
            kind: claim.kind,
            source_id: claim.sourceId,
            item_id: '',
            created_at: claim.now.toISOString(),
          })
          .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'source_id']).doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? 'claimed' : 'taken';
      });
    },

    /** Names the copy a claimed import made. */
    async settleImport(
      userId: string,
      kind: LibraryKind,
      sourceId: string,
      itemId: string,
    ): Promise<void> {
      await db
        .updateTable('library_imports')
        .set({ item_id: itemId })
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('source_id', '=', sourceId)
        .where('item_id', '=', '')
        .execute();
    },

    /**
     * Forgets an import whose copy is gone, or a claim that made none (only that row: a newer
     * claim stays).
     */
    async forgetImport(
      userId: string,
      record: Pick<LibraryImportRecord, 'kind' | 'sourceId' | 'itemId'>,
    ): Promise<void> {
      await db
        .deleteFrom('library_imports')
        .where('user_id', '=', userId)
        .where('kind', '=', record.kind)
        .where('source_id', '=', record.sourceId)
        .where('item_id', '=', record.itemId)
        .execute();
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
