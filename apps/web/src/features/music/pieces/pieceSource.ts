import type { MusicPiece, MusicPiecesPage } from '@studio/contracts';
import { deletePiece } from '../../../lib/api/endpoints/music/deletePiece';
import { getPieceFamily } from '../../../lib/api/endpoints/music/getPieceFamily';
import { getPieceFile } from '../../../lib/api/endpoints/music/getPieceFile';
import { listPieces } from '../api/listPieces';
import { familyFromPieces } from '../../../lib/media/pieceFamily';
import { pieceFileUrl, type PieceFileKind } from '../../../lib/media/pieceFiles';
import {
  listVisitorPieces,
  removeVisitorPiece,
  visitorPieceFile,
  type VisitorMusicCollection,
} from '../../../lib/visitor/collections';

/** Where a list of pieces comes from: the server (signed in) or this browser (a visitor). */
export interface PieceSource {
  /** Part of the list's query key: the two lists are cached apart. */
  owner: 'user' | 'visitor';
  page(cursor: string | null, signal?: AbortSignal): Promise<MusicPiecesPage>;
  file(piece: MusicPiece, kind: PieceFileKind, signal?: AbortSignal): Promise<Blob>;
  /** The piece's whole family, parents before children. */
  family(piece: MusicPiece, signal?: AbortSignal): Promise<MusicPiece[]>;
  remove(piece: MusicPiece): Promise<void>;
}

export const userPieceSource: PieceSource = {
  owner: 'user',
  page: listPieces,
  file: (piece, kind, signal) => {
    const url = pieceFileUrl(piece, kind);
    if (!url) return Promise.reject(new Error('This piece has no such file.'));
    return getPieceFile(url, signal);
  },
  family: async (piece, signal) => (await getPieceFamily(piece.id, signal)).pieces,
  remove: (piece) => deletePiece(piece.id),
};

/** A visitor's pieces from their browser: one page (they are few), newest first. */
export function visitorPieceSource(collection: VisitorMusicCollection): PieceSource {
  return {
    owner: 'visitor',
    page: async () => ({ pieces: await listVisitorPieces(collection), nextCursor: null }),
    file: (piece, kind) => visitorPieceFile(collection, piece, kind),
    family: async (piece) => familyFromPieces(await listVisitorPieces(collection), piece.id),
    remove: (piece) => removeVisitorPiece(collection, piece),
  };
}
