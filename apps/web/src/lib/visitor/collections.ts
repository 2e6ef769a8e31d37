import {
  generatedImage,
  musicPiece,
  voiceClip,
  writerDocument,
  writerVersion,
  type GeneratedImage,
  type MusicPiece,
  type VoiceClip,
} from '@studio/contracts';
import { z } from 'zod';
import { pieceFileKinds, type PieceFileKind } from '../media/pieceFiles';
import type { ReadVisitorItem, VisitorCollection } from './visitorCollection';

/*
 * The tools' collections of a visitor's things, named and read in one place: each tool keeps its
 * own, and the library reads all three (and moves them into an account when the visitor signs in).
 */

/**
 * A visitor's pictures: each picture's metadata with its PNG. Its browser database
 * ('studio-visitor-images') is the one the image tools made before the visitor module had
 * collections, so the pictures kept then are still read.
 */
export const VISITOR_IMAGES = 'images';

/** What was stored may come from an older version of the app: keep only well-formed images. */
export const readVisitorImage: ReadVisitorItem<GeneratedImage> = (stored) => {
  const parsed = generatedImage.safeParse(stored);
  return parsed.success ? parsed.data : null;
};

/**
 * A visitor's clips: each clip's settings with its audio (the server keeps a visitor's clip a
 * day; this browser keeps it until they delete it).
 */
export const VISITOR_CLIPS = 'voice';

/** What was stored may come from an older version of the app: keep only well-formed clips. */
export const readVisitorClip: ReadVisitorItem<VoiceClip> = (stored) => {
  const parsed = voiceClip.safeParse(stored);
  return parsed.success ? parsed.data : null;
};

/**
 * A visitor's pieces. A collection keeps one file per item, and a piece has several (MP3, WAV,
 * MIDI, stems): the piece is stored with its MP3, and each other file as an entry of its own
 * (`<piece id>#<kind>`) naming its piece. All are saved together or not at all, and removed
 * together.
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

/** The id a piece's file is kept under (the MP3 under the piece's own). */
export const visitorPieceEntryId = (pieceId: string, kind: PieceFileKind) =>
  kind === 'audio' ? pieceId : `${pieceId}#${kind}`;

/** Newest first, as the server lists a signed-in user's. */
export function newestFirst<T extends { createdAt: string; id: string }>(a: T, b: T): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The pieces kept (not their files), newest first. */
export async function listVisitorPieces(collection: VisitorMusicCollection): Promise<MusicPiece[]> {
  return (await collection.list()).filter(isPiece).sort(newestFirst);
}

/** One kept file of a visitor's piece; rejects when this browser no longer has it. */
export async function visitorPieceFile(
  collection: VisitorMusicCollection,
  piece: MusicPiece,
  kind: PieceFileKind,
): Promise<Blob> {
  const file = await collection.file(visitorPieceEntryId(piece.id, kind));
  if (!file) throw new Error('This piece is no longer kept in this browser.');
  return file;
}

/** Forgets a visitor's piece and every file of it. */
export async function removeVisitorPiece(
  collection: VisitorMusicCollection,
  piece: MusicPiece,
): Promise<void> {
  for (const kind of pieceFileKinds(piece)) {
    await collection.remove(visitorPieceEntryId(piece.id, kind));
  }
}

/**
 * A visitor's content-writer documents: each with its versions in `history`, newest first (a
 * generation, a transform, an edit or a restore), kept here whole since the server keeps none
 * of a visitor's. No file.
 */
export const VISITOR_WRITINGS = 'writer';

const visitorWriting = writerDocument.extend({ history: z.array(writerVersion) });
export type VisitorWriting = z.infer<typeof visitorWriting>;

/** What was stored may come from an older version of the app: keep only well-formed documents. */
export const readVisitorWriting: ReadVisitorItem<VisitorWriting> = (stored) => {
  const parsed = visitorWriting.safeParse(stored);
  return parsed.success ? parsed.data : null;
};
