import type {
  GeneratedImage,
  ImageFamily,
  LibraryItem,
  LibraryPage,
  MusicPiece,
  VoiceClip,
} from '@studio/contracts';
import { deleteImage } from '../../lib/api/endpoints/images/deleteImage';
import { getImageFamily } from '../../lib/api/endpoints/images/getImageFamily';
import { getImageFile } from '../../lib/api/endpoints/images/getImageFile';
import { deletePiece } from '../../lib/api/endpoints/music/deletePiece';
import { getPieceFamily } from '../../lib/api/endpoints/music/getPieceFamily';
import { getPieceFile } from '../../lib/api/endpoints/music/getPieceFile';
import { deleteClip } from '../../lib/api/endpoints/voice/deleteClip';
import { deleteDocument } from '../../lib/api/endpoints/writer/deleteDocument';
import { getClipAudio } from '../../lib/api/endpoints/voice/getClipAudio';
import { familyFromImages } from '../../lib/media/familyTree';
import { familyFromPieces } from '../../lib/media/pieceFamily';
import { pieceFileUrl, type PieceFileKind } from '../../lib/media/pieceFiles';
import {
  listVisitorPieces,
  removeVisitorPiece,
  visitorPieceFile,
  type VisitorMusicCollection,
  type VisitorWriting,
} from '../../lib/visitor/collections';
import type { VisitorCollection } from '../../lib/visitor/visitorCollection';
import { listLibrary, type LibraryFilter } from '../../lib/api/endpoints/library/listLibrary';
import { filterLibrary, pageLibrary, toLibraryItems } from './visitor/visitorLibrary';

export type LibraryOwner = 'user' | 'visitor';

/**
 * Where a library's things come from: the server (signed in) or this browser (a visitor). The
 * page reads either the same way; deleting goes through each tool's own route or collection.
 */
export interface LibrarySource {
  /** Part of the list's query key: the two lists are cached apart. */
  owner: LibraryOwner;
  page(filter: LibraryFilter, cursor: string | null, signal?: AbortSignal): Promise<LibraryPage>;
  remove(item: LibraryItem): Promise<void>;
  imageFile(image: GeneratedImage, signal?: AbortSignal): Promise<Blob>;
  clipAudio(clip: VoiceClip, signal?: AbortSignal): Promise<Blob>;
  pieceFile(piece: MusicPiece, kind: PieceFileKind, signal?: AbortSignal): Promise<Blob>;
  /** The picture's family: its root ancestor, then every descendant, parents first. */
  imageFamily(image: GeneratedImage, signal?: AbortSignal): Promise<ImageFamily>;
  /** The piece's whole family, parents before children. */
  pieceFamily(piece: MusicPiece, signal?: AbortSignal): Promise<MusicPiece[]>;
}

export const userLibrarySource: LibrarySource = {
  owner: 'user',
  page: listLibrary,
  remove: (item) => {
    if (item.kind === 'image') return deleteImage(item.id);
    if (item.kind === 'clip') return deleteClip(item.id);
    if (item.kind === 'document') return deleteDocument(item.id);
    return deletePiece(item.id);
  },
  imageFile: (image, signal) => getImageFile(image.fileUrl, signal),
  clipAudio: (clip, signal) => getClipAudio(clip.audioUrl, signal),
  pieceFile: (piece, kind, signal) => {
    const url = pieceFileUrl(piece, kind);
    if (!url) return Promise.reject(new Error('This piece has no such file.'));
    return getPieceFile(url, signal);
  },
  imageFamily: (image, signal) => getImageFamily(image.id, signal),
  pieceFamily: async (piece, signal) => (await getPieceFamily(piece.id, signal)).pieces,
};

/** The tools' collections of a visitor's things in this browser. */
export interface VisitorLibraryCollections {
  images: VisitorCollection<GeneratedImage>;
  clips: VisitorCollection<VoiceClip>;
  music: VisitorMusicCollection;
  /** The content writer's documents, each with its versions. */
  writings: VisitorCollection<VisitorWriting>;
}

/** Every thing a visitor keeps in this browser, in no order (the lists, not their files). */
export async function readVisitorLibrary({
  images,
  clips,
  music,
  writings,
}: VisitorLibraryCollections): Promise<LibraryItem[]> {
  const [pictures, voices, pieces, documents] = await Promise.all([
    images.list(),
    clips.list(),
    listVisitorPieces(music),
    writings.list(),
  ]);
  return toLibraryItems(pictures, voices, pieces, documents);
}

/** A stored file that another tab removed meanwhile. */
class NoLongerKeptError extends Error {
  constructor() {
    super('This is no longer kept in this browser.');
    this.name = 'NoLongerKeptError';
  }
}

/** A visitor's library from their browser: read whole (listing reads no file), then paged. */
export function visitorLibrarySource(collections: VisitorLibraryCollections): LibrarySource {
  const kept = async (file: Promise<Blob | null>) => {
    const blob = await file;
    if (!blob) throw new NoLongerKeptError();
    return blob;
  };
  return {
    owner: 'visitor',
    page: async (filter, cursor) =>
      pageLibrary(filterLibrary(await readVisitorLibrary(collections), filter), cursor),
    remove: (item) => {
      if (item.kind === 'image') return collections.images.remove(item.id);
      if (item.kind === 'clip') return collections.clips.remove(item.id);
      if (item.kind === 'document') return collections.writings.remove(item.id);
      return removeVisitorPiece(collections.music, item.piece);
    },
    imageFile: (image) => kept(collections.images.file(image.id)),
    clipAudio: (clip) => kept(collections.clips.file(clip.id)),
    pieceFile: (piece, kind) => visitorPieceFile(collections.music, piece, kind),
    // As the tools compute them from this browser; one whose family is gone is a family of one.
    imageFamily: async (image) =>
      familyFromImages(await collections.images.list(), image.id) ?? {
        rootId: image.id,
        images: [image],
      },
    pieceFamily: async (piece) => {
      const family = familyFromPieces(await listVisitorPieces(collections.music), piece.id);
      return family.length > 0 ? family : [piece];
    },
  };
}
