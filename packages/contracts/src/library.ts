import { z } from 'zod';
import { generatedImage } from './images.ts';
import { musicPiece } from './music.ts';
import { voiceClip } from './voice.ts';
import { writerDocumentSummary } from './writer.ts';

/**
 * The library: everything a user makes with the studio's tools in one place (pictures, voice
 * clips, pieces of music, the content writer's documents), newest first, filtered by kind and searched by the words each was made
 * from. A signed-in user's is on the server (GET /api/library); a visitor's is in their browser
 * (the tools' visitor collections), read the same way, and moved into their account when they
 * sign in (POST /api/library/imports, one item at a time).
 */
export const libraryKinds = ['image', 'clip', 'piece', 'document'] as const;
export const libraryKind = z.enum(libraryKinds);
export type LibraryKind = z.infer<typeof libraryKind>;

export const LIBRARY_PAGE_SIZE = 24;
export const LIBRARY_SEARCH_MAX_LENGTH = 200;

/**
 * GET /api/library?kind=&q=&cursor=&limit=: the caller's things, newest first (ties by kind, then
 * id). `q` matches, case-insensitively and anywhere, an image's prompt, a clip's text, a
 * piece's prompt, title and lyrics, and a document's title and text. A cursor is a page's `nextCursor`, for the same kind and q.
 */
export const libraryQuery = z.object({
  kind: libraryKind.optional(),
  q: z.string().trim().max(LIBRARY_SEARCH_MAX_LENGTH).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(LIBRARY_PAGE_SIZE),
});
export type LibraryQuery = z.input<typeof libraryQuery>;

const itemBase = {
  /** The thing's own id (an image's, a clip's, a piece's). */
  id: z.string(),
  /** ISO 8601: the library's order. */
  createdAt: z.string(),
};

/** One thing in the library, as its own tool shows it. */
export const libraryItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('image'), ...itemBase, image: generatedImage }),
  z.object({ kind: z.literal('clip'), ...itemBase, clip: voiceClip }),
  z.object({ kind: z.literal('piece'), ...itemBase, piece: musicPiece }),
  z.object({ kind: z.literal('document'), ...itemBase, document: writerDocumentSummary }),
]);
export type LibraryItem = z.infer<typeof libraryItem>;

export const libraryPage = z.object({
  items: z.array(libraryItem),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type LibraryPage = z.infer<typeof libraryPage>;

/**
 * POST /api/library/imports (multipart/form-data, signed in): one thing a visitor made in this
 * browser, moved into the account. Fields, in this order:
 *  - `kind`: image | clip | piece | document;
 *  - `item`: the thing as the browser keeps it (JSON: generatedImage, voiceClip, musicPiece, or
 *    a writer document with its versions in `history`, newest first);
 *    its `id` is the browser's, and importing the same one twice answers the first import;
 *  - `parentId` (optional): the account's id of the thing it came from, when that was moved
 *    first (the browser moves oldest first and maps its ids); anything not the caller's is
 *    dropped;
 *  - its files: `file` (an image's PNG, a clip's audio, a piece's MP3), and for a piece the others
 *    it keeps (`wav`, `midi`, `stems` zip, `stem:<instrument>`), each checked for what it claims
 *    to be.
 * Answers 201 with the new library item (200 with the earlier one when already moved).
 */
export const libraryImportFields = {
  kind: 'kind',
  item: 'item',
  parentId: 'parentId',
  file: 'file',
} as const;

export const libraryImportResponse = z.object({
  item: libraryItem,
  /** False when this browser's thing had been moved before (the earlier copy is answered). */
  created: z.boolean(),
});
export type LibraryImportResponse = z.infer<typeof libraryImportResponse>;

/** How many things one account may move in from browsers in a day (each is a stored file). */
export const LIBRARY_IMPORTS_PER_DAY = 500;

/** The API's words for a refused import (the page translates them). */
export const libraryImportTexts = {
  badKind:
    'Only pictures, voice clips, pieces of music and documents can be moved into your account.',
  badItem: 'This item could not be read, so it was not moved.',
  missingFile: 'This item’s file is missing, so it was not moved.',
  badFile: 'This file is not what the item says it is, so it was not moved.',
  tooLarge: 'This file is too large to move into your account.',
  tooMany: 'You have moved as many things into your account as a day allows. Try again tomorrow.',
} as const;
