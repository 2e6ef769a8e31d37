import { musicPiece, type MusicPiece } from '@studio/contracts';
import { z } from 'zod';
import type { ReadVisitorItem, VisitorCollection } from '../../../lib/visitor/visitorCollection';
import type { VisitorEntry } from '../../../lib/visitor/visitorStorage';
import { pieceFileKinds, type PieceFileKind } from './pieceFiles';

/**
 * A visitor's pieces: the visitor collection 'music'. A collection keeps one file per item, and
 * a piece has several (MP3, WAV, MIDI, stems): the piece is stored with its MP3, and each other
 * file as an entry of its own (`<piece id>#<kind>`) naming its piece. All are saved together or
 * not at all, and removed together.
 */
export const VISITOR_PIECES = 'music';

const pieceFileEntry = z.object({
  id: z.string(),
  pieceId: z.string(),
  kind: z.string(),
});
export type PieceFileEntry = z.infer<typeof pieceFileEntry>;
export type StoredMusicEntry = MusicPiece | PieceFileEntry;

const isPiece = (entry: StoredMusicEntry): entry is MusicPiece => 'audioUrl' in entry;

/** What was stored may come from an older version of the app: keep only well-formed entries. */
export const readVisitorMusicEntry: ReadVisitorItem<StoredMusicEntry> = (stored) => {
  const piece = musicPiece.safeParse(stored);
  if (piece.success) return piece.data;
  const file = pieceFileEntry.safeParse(stored);
  return file.success ? file.data : null;
};

export type VisitorMusicCollection = VisitorCollection<StoredMusicEntry>;

const entryId = (pieceId: string, kind: PieceFileKind) =>
  kind === 'audio' ? pieceId : `${pieceId}#${kind}`;

/** Newest first, as the server lists a signed-in user's. */
export function newestFirst(a: MusicPiece, b: MusicPiece): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The pieces kept (not their files), newest first. */
export async function listVisitorPieces(collection: VisitorMusicCollection): Promise<MusicPiece[]> {
  return (await collection.list()).filter(isPiece).sort(newestFirst);
}

/**
 * Fetches every file of a visitor's new piece (once: the server keeps a visitor's job a day) and
 * keeps them with the piece. A file that cannot be fetched fails the whole keep, so a kept piece
 * always has all its downloads.
 */
export async function keepVisitorPiece(
  collection: VisitorMusicCollection,
  piece: MusicPiece,
  fetchFile: (kind: PieceFileKind) => Promise<Blob>,
  known: Partial<Record<PieceFileKind, Blob>> = {},
): Promise<void> {
  const kinds = pieceFileKinds(piece);
  const files = await Promise.all(kinds.map((kind) => known[kind] ?? fetchFile(kind)));
  const entries: VisitorEntry<StoredMusicEntry>[] = kinds.map((kind, index) => ({
    item: kind === 'audio' ? piece : { id: entryId(piece.id, kind), pieceId: piece.id, kind },
    file: files[index],
  }));
  await collection.save(entries);
}

/** One kept file of a visitor's piece; rejects when this browser no longer has it. */
export async function visitorPieceFile(
  collection: VisitorMusicCollection,
  piece: MusicPiece,
  kind: PieceFileKind,
): Promise<Blob> {
  const file = await collection.file(entryId(piece.id, kind));
  if (!file) throw new Error('This piece is no longer kept in this browser.');
  return file;
}

/** Forgets a visitor's piece and every file of it. */
export async function removeVisitorPiece(
  collection: VisitorMusicCollection,
  piece: MusicPiece,
): Promise<void> {
  for (const kind of pieceFileKinds(piece)) await collection.remove(entryId(piece.id, kind));
}
