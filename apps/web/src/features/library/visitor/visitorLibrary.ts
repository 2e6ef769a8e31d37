import {
  LIBRARY_PAGE_SIZE,
  libraryKinds,
  type GeneratedImage,
  type LibraryItem,
  type LibraryKind,
  type LibraryPage,
  type MusicPiece,
  type VoiceClip,
  type WriterDocument,
} from '@studio/contracts';
import type { LibraryFilter } from '../../../lib/api/endpoints/library/listLibrary';

/*
 * A visitor's library, read from the tools' collections in this browser the way the server reads
 * a user's (GET /api/library): the same order, filter, search and pages, so the page cannot tell
 * the two apart.
 */

/** Characters of a document's text its card shows (as the server's list). */
const excerptCharacters = 200;

/**
 * A visitor's document's whole text, which a search looks in as the server's does (its library
 * item, like the server's, carries only the start).
 */
const documentTexts = new WeakMap<LibraryItem, string>();

/** The four collections' things as library items, in no order. */
export function toLibraryItems(
  images: readonly GeneratedImage[],
  clips: readonly VoiceClip[],
  pieces: readonly MusicPiece[],
  documents: readonly WriterDocument[] = [],
): LibraryItem[] {
  const documentItems = documents.map(({ content, ...document }): LibraryItem => {
    const item: LibraryItem = {
      kind: 'document',
      id: document.id,
      createdAt: document.createdAt,
      document: { ...document, excerpt: content.slice(0, excerptCharacters) },
    };
    documentTexts.set(item, content);
    return item;
  });
  return [
    ...images.map((image): LibraryItem => ({
      kind: 'image',
      id: image.id,
      createdAt: image.createdAt,
      image,
    })),
    ...clips.map((clip): LibraryItem => ({
      kind: 'clip',
      id: clip.id,
      createdAt: clip.createdAt,
      clip,
    })),
    ...pieces.map((piece): LibraryItem => ({
      kind: 'piece',
      id: piece.id,
      createdAt: piece.createdAt,
      piece,
    })),
    ...documentItems,
  ];
}

type Position = Pick<LibraryItem, 'createdAt' | 'kind' | 'id'>;

const kindRank = (kind: LibraryKind) => libraryKinds.indexOf(kind);

/** The library's order (the contract's): newest first, ties by kind, then by id. */
export function compareLibraryOrder(a: Position, b: Position): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  if (a.kind !== b.kind) return kindRank(a.kind) - kindRank(b.kind);
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The words an item was made from, which a search looks in (as the server's). */
export function searchedWords(item: LibraryItem): string[] {
  if (item.kind === 'image') return [item.image.prompt];
  if (item.kind === 'clip') return [item.clip.text];
  if (item.kind === 'document') {
    return [item.document.title, documentTexts.get(item) ?? item.document.excerpt];
  }
  const { piece } = item;
  return [piece.settings.prompt, piece.title, piece.settings.lyrics ?? ''];
}

/** Case-insensitively, anywhere in the words; an empty search matches everything. */
export function matchesSearch(item: LibraryItem, q: string): boolean {
  const wanted = q.trim().toLocaleLowerCase();
  if (!wanted) return true;
  return searchedWords(item).some((words) => words.toLocaleLowerCase().includes(wanted));
}

/** The items of one kind (or all) matching the search, in the library's order. */
export function filterLibrary(items: readonly LibraryItem[], filter: LibraryFilter): LibraryItem[] {
  return items
    .filter((item) => filter.kind === null || item.kind === filter.kind)
    .filter((item) => matchesSearch(item, filter.q))
    .sort(compareLibraryOrder);
}

/**
 * A cursor is the last item's place in the order, not an offset: deleting while paging neither
 * skips nor repeats one. It never leaves the browser, so plain JSON will do.
 */
function cursorOf({ createdAt, kind, id }: Position): string {
  return JSON.stringify([createdAt, kind, id]);
}

function positionOf(cursor: string): Position | null {
  try {
    const value: unknown = JSON.parse(cursor);
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [createdAt, kind, id] = value as unknown[];
    const known = libraryKinds.find((candidate) => candidate === kind);
    if (typeof createdAt !== 'string' || !known || typeof id !== 'string') return null;
    return { createdAt, kind: known, id };
  } catch {
    return null;
  }
}

/** The page after `cursor` (the first for null) of items already in the library's order. */
export function pageLibrary(
  ordered: readonly LibraryItem[],
  cursor: string | null,
  pageSize: number = LIBRARY_PAGE_SIZE,
): LibraryPage {
  const after = cursor === null ? null : positionOf(cursor);
  if (cursor !== null && !after) throw new Error('This library page does not exist.');
  const rest = after ? ordered.filter((item) => compareLibraryOrder(item, after) > 0) : ordered;
  const items = rest.slice(0, pageSize);
  const last = items.at(-1);
  return { items, nextCursor: rest.length > pageSize && last ? cursorOf(last) : null };
}
