import { libraryImportFields, type LibraryItem } from '@studio/contracts';
import { clipFileName } from '../../../lib/media/clipFileName';
import { imageFileName } from '../../../lib/media/imageFileName';
import { pieceFileKinds, pieceFileName, type PieceFileKind } from '../../../lib/media/pieceFiles';
import { visitorPieceEntryId } from '../../../lib/visitor/collections';
import type { ImportFile } from '../api/importLibraryItem';
import type { VisitorLibraryCollections } from '../librarySource';

/** A piece's file's form field: the MP3 is the `file`, the others by their kind. */
const pieceField = (kind: PieceFileKind) => (kind === 'audio' ? libraryImportFields.file : kind);

/**
 * Every file the browser keeps of a thing, as the import's form fields. A file the browser no
 * longer has is left out: the server says which one is missing, and nothing is removed.
 */
export async function importFilesOf(
  item: LibraryItem,
  { images, clips, music }: VisitorLibraryCollections,
): Promise<ImportFile[]> {
  // A document is its text and versions: no file.
  if (item.kind === 'document') return [];
  if (item.kind === 'image') {
    const blob = await images.file(item.id);
    return blob ? [{ field: libraryImportFields.file, blob, name: imageFileName(item.image) }] : [];
  }
  if (item.kind === 'clip') {
    const blob = await clips.file(item.id);
    const name = clipFileName(item.clip.text, item.clip.format);
    return blob ? [{ field: libraryImportFields.file, blob, name }] : [];
  }
  const files = await Promise.all(
    pieceFileKinds(item.piece).map(async (kind): Promise<ImportFile | null> => {
      const blob = await music.file(visitorPieceEntryId(item.piece.id, kind));
      return blob ? { field: pieceField(kind), blob, name: pieceFileName(item.piece, kind) } : null;
    }),
  );
  return files.filter((file): file is ImportFile => file !== null);
}

/**
 * The thing as this browser keeps it, for the import's `item`: the library item's own (a picture,
 * a clip, a piece), or a document read whole, with its versions; null when it is gone meanwhile.
 */
export async function importThingOf(
  item: LibraryItem,
  { writings }: VisitorLibraryCollections,
): Promise<unknown> {
  if (item.kind === 'image') return item.image;
  if (item.kind === 'clip') return item.clip;
  if (item.kind === 'piece') return item.piece;
  return writings.get(item.id);
}
