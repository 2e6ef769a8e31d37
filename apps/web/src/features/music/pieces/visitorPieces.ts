import type { MusicPiece } from '@studio/contracts';
import { pieceFileKinds, type PieceFileKind } from '../../../lib/media/pieceFiles';
import {
  visitorPieceEntryId,
  type StoredMusicEntry,
  type VisitorMusicCollection,
} from '../../../lib/visitor/collections';
import type { VisitorEntry } from '../../../lib/visitor/visitorStorage';

/**
 * Fetches every file of a visitor's new piece (once: the server keeps a visitor's job a day) and
 * keeps them with the piece (lib/visitor/collections.ts: how a piece's files are kept). A file
 * that cannot be fetched fails the whole keep, so a kept piece always has all its downloads.
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
    item:
      kind === 'audio'
        ? piece
        : { id: visitorPieceEntryId(piece.id, kind), pieceId: piece.id, kind },
    file: files[index],
  }));
  await collection.save(entries);
}
