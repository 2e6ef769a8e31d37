import {
  type MusicInstrument,
  musicInstruments,
  type MusicOperation,
  type MusicPieceSection,
  musicPieceSection,
  type MusicProvider,
  type MusicQuality,
  type ResolvedMusicSettings,
  resolvedMusicSettings,
} from '@studio/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import { z } from 'zod';
import { keysNamedIn } from '../../db/storage-keys.ts';
import type { MusicFilesTable, MusicPiecesTable, Tables } from '../../db/tables.ts';
import { newestFirstPage, type PageCursor } from '../../db/newest-first-page.ts';
import { toIsoString } from '../../db/timestamps.ts';

/** One stored file of a piece: where it is and how big. */
export interface MusicFile {
  key: string;
  bytes: number;
}

/** A piece's files: the MP3 always; the WAV, the MIDI and the stems when the engine made them. */
export interface MusicFiles {
  mp3: MusicFile;
  wav: MusicFile | null;
  midi: MusicFile | null;
  stems: (MusicFile & { instrument: MusicInstrument })[];
}

/** One of a signed-in user's pieces, as the domain sees it. */
export interface StoredMusicPiece {
  id: string;
  userId: string;
  parentId: string | null;
  operation: MusicOperation | null;
  title: string;
  settings: ResolvedMusicSettings;
  /** What the engine kept of how it made the piece (to extend it or rewrite a section). */
  composition: unknown;
  model: string;
  modelName: string;
  provider: MusicProvider;
  quality: MusicQuality;
  durationMs: number;
  sections: MusicPieceSection[];
  files: MusicFiles;
  /** ISO 8601. */
  createdAt: string;
}

export type NewMusicPiece = Omit<StoredMusicPiece, 'createdAt'>;

/** Where a page of pieces starts: after this (created_at, id), newest first. */
export type MusicPiecesCursor = PageCursor;

/** How deep the family walk goes at most (a chain longer than this is cut, not looped over). */
const maxFamilyDepth = 500;

const storedSections = z.array(musicPieceSection);
const isInstrument = (value: string): value is MusicInstrument =>
  (musicInstruments as readonly string[]).includes(value);

function filesOf(rows: readonly Selectable<MusicFilesTable>[]): MusicFiles | null {
  const byRole = new Map(rows.map((row) => [row.role, { key: row.storage_key, bytes: row.bytes }]));
  const mp3 = byRole.get('mp3');
  if (!mp3) return null;
  const stems = rows.flatMap((row) => {
    const instrument = row.role.startsWith('stem:') ? row.role.slice('stem:'.length) : '';
    return isInstrument(instrument) ? [{ instrument, key: row.storage_key, bytes: row.bytes }] : [];
  });
  // In the order the piece lists its instruments (the stems' own order on the page).
  return {
    mp3,
    wav: byRole.get('wav') ?? null,
    midi: byRole.get('midi') ?? null,
    stems,
  };
}

function toPiece(
  row: Selectable<MusicPiecesTable>,
  files: readonly Selectable<MusicFilesTable>[],
): StoredMusicPiece | null {
  const settings = resolvedMusicSettings.safeParse(JSON.parse(row.settings));
  const sections = storedSections.safeParse(JSON.parse(row.sections));
  const kept = filesOf(files);
  // A row this code cannot read (written by a later version) is left out, not guessed at.
  if (!settings.success || !sections.success || !kept) return null;
  const order = new Map(settings.data.instruments.map((instrument, index) => [instrument, index]));
  kept.stems.sort((a, b) => (order.get(a.instrument) ?? 99) - (order.get(b.instrument) ?? 99));
  return {
    id: row.id,
    userId: row.user_id,
    parentId: row.parent_id,
    operation: row.operation as MusicOperation | null,
    title: row.title,
    settings: settings.data,
    composition: row.composition === null ? null : (JSON.parse(row.composition) as unknown),
    model: row.model,
    modelName: row.model_name,
    provider: row.provider as MusicProvider,
    quality: row.quality as MusicQuality,
    durationMs: row.duration_ms,
    sections: sections.data,
    files: kept,
    createdAt: toIsoString(row.created_at),
  };
}

/** Each file of a piece as a row: its role names what it is. */
function fileRows(pieceId: string, files: MusicFiles) {
  const row = (role: string, file: MusicFile) => ({
    piece_id: pieceId,
    role,
    storage_key: file.key,
    bytes: file.bytes,
  });
  return [
    row('mp3', files.mp3),
    ...(files.wav ? [row('wav', files.wav)] : []),
    ...(files.midi ? [row('midi', files.midi)] : []),
    ...files.stems.map((stem) => row(`stem:${stem.instrument}`, stem)),
  ];
}

/** Every key of a piece's files. */
export function keysOf(files: MusicFiles): string[] {
  return [
    files.mp3.key,
    ...(files.wav ? [files.wav.key] : []),
    ...(files.midi ? [files.midi.key] : []),
    ...files.stems.map((stem) => stem.key),
  ];
}

/**
 * music_pieces and music_files: a user's pieces and their files. Every query names its owner,
 * so another user's piece is never found.
 */
export function createMusicRepository(db: Kysely<Tables>) {
  /** The pieces of these rows with their files (one query for all the files). */
  async function withFiles(rows: Selectable<MusicPiecesTable>[]): Promise<StoredMusicPiece[]> {
    if (rows.length === 0) return [];
    const files = await db
      .selectFrom('music_files')
      .selectAll()
      .where(
        'piece_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.flatMap((row) => {
      const piece = toPiece(
        row,
        files.filter((file) => file.piece_id === row.id),
      );
      return piece ? [piece] : [];
    });
  }

  async function findManyOwned(userId: string, ids: string[]): Promise<StoredMusicPiece[]> {
    const found: StoredMusicPiece[] = [];
    for (let start = 0; start < ids.length; start += 500) {
      const rows = await db
        .selectFrom('music_pieces')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', 'in', ids.slice(start, start + 500))
        .execute();
      found.push(...(await withFiles(rows)));
    }
    return found;
  }

  return {
    /** Records a piece and its files in one transaction. */
    async insert(piece: NewMusicPiece, now: Date): Promise<StoredMusicPiece> {
      const createdAt = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('music_pieces')
          .values({
            id: piece.id,
            user_id: piece.userId,
            parent_id: piece.parentId,
            operation: piece.operation,
            title: piece.title,
            settings: JSON.stringify(piece.settings),
            composition:
              piece.composition === null || piece.composition === undefined
                ? null
                : JSON.stringify(piece.composition),
            model: piece.model,
            model_name: piece.modelName,
            provider: piece.provider,
            quality: piece.quality,
            duration_ms: piece.durationMs,
            sections: JSON.stringify(piece.sections),
            created_at: createdAt,
          })
          .execute();
        await trx.insertInto('music_files').values(fileRows(piece.id, piece.files)).execute();
      });
      return { ...piece, createdAt };
    },

    /** One page of the user's pieces, newest first; `next` is where the following page starts. */
    async page(
      userId: string,
      after: MusicPiecesCursor | null,
      size: number,
    ): Promise<{ pieces: StoredMusicPiece[]; next: MusicPiecesCursor | null }> {
      const { rows, next } = await newestFirstPage(
        db.selectFrom('music_pieces').selectAll().where('user_id', '=', userId),
        after,
        size,
      );
      return { pieces: await withFiles(rows), next };
    },

    /** The user's pieces among these ids, with their files (in no particular order). */
    findManyOwned,

    /** The piece if `userId` owns it; another user's is as absent as an unknown one. */
    async findOwned(userId: string, id: string): Promise<StoredMusicPiece | null> {
      const [piece] = await findManyOwned(userId, [id]);
      return piece ?? null;
    },

    /**
     * The tree `id` belongs to: its root ancestor, then every descendant of that root, parents
     * before children (by depth, then age). Null when the piece is not the user's. One recursive
     * query up and one down, on both databases; each bounded by depth.
     */
    async family(userId: string, id: string): Promise<StoredMusicPiece[] | null> {
      const up = await sql<{ id: string; depth: number }>`
        with recursive ancestors(id, parent_id, depth) as (
          select id, parent_id, 0 from music_pieces where id = ${id} and user_id = ${userId}
          union all
          select p.id, p.parent_id, a.depth + 1
          from music_pieces p join ancestors a on p.id = a.parent_id
          where p.user_id = ${userId} and a.depth < ${maxFamilyDepth}
        )
        select id, depth from ancestors order by depth desc
      `.execute(db);
      const root = up.rows[0];
      if (!root) return null;
      const down = await sql<{ id: string; depth: number }>`
        with recursive descendants(id, depth) as (
          select id, 0 from music_pieces where id = ${root.id} and user_id = ${userId}
          union all
          select p.id, d.depth + 1
          from music_pieces p join descendants d on p.parent_id = d.id
          where p.user_id = ${userId} and d.depth < ${maxFamilyDepth}
        )
        select id, depth from descendants
      `.execute(db);
      const depthOf = new Map(down.rows.map((row) => [row.id, Number(row.depth)]));
      const pieces = await findManyOwned(userId, [...depthOf.keys()]);
      return pieces.sort(
        (a, b) =>
          (depthOf.get(a.id) ?? 0) - (depthOf.get(b.id) ?? 0) ||
          a.createdAt.localeCompare(b.createdAt) ||
          a.id.localeCompare(b.id),
      );
    },

    /** Deletes the owner's piece (its file rows with it); returns its files (null when not theirs). */
    async deleteOwned(userId: string, id: string): Promise<MusicFiles | null> {
      const piece = await this.findOwned(userId, id);
      if (!piece) return null;
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('music_files').where('piece_id', '=', id).execute();
        const deleted = await trx
          .deleteFrom('music_pieces')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return Number(deleted.numDeletedRows) > 0 ? piece.files : null;
      });
    },

    /** Which of these storage keys a piece still names (the orphan sweep's question for `music`). */
    existingKeys: (keys: string[]) => keysNamedIn(db, 'music_files', keys),
  };
}

export type MusicRepository = ReturnType<typeof createMusicRepository>;
