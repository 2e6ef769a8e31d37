import {
  GALLERY_PAGE_SIZE,
  type GalleryPage,
  type GeneratedImage,
  type ImageFamily,
} from '@studio/contracts';
import type { VisitorCollection } from '../../../lib/visitor/visitorCollection';
import type { VisitorEntry } from '../../../lib/visitor/visitorStorage';
import { familyFromImages } from '../../../lib/media/familyTree';

/** A visitor's picture as kept in this browser: its metadata and the PNG the server made. */
export type VisitorImageEntry = VisitorEntry<GeneratedImage>;

/**
 * A visitor's gallery, kept in this browser only (the server keeps a visitor's files a day): the
 * same pages, order and family as a signed-in user's gallery, read from the visitor's 'images'
 * collection (visitorImages.ts).
 */
export interface VisitorStore {
  /** Newest first, GALLERY_PAGE_SIZE at a time; `cursor` is a page's nextCursor. */
  page(cursor: string | null): Promise<GalleryPage>;
  file(id: string): Promise<Blob | null>;
  add(entries: readonly VisitorImageEntry[]): Promise<void>;
  remove(id: string): Promise<void>;
  /** The family of a stored image (its root and every descendant); null when not stored. */
  family(id: string): Promise<ImageFamily | null>;
}

/** Where an image stands in the gallery's order. */
type Position = Pick<GeneratedImage, 'createdAt' | 'index' | 'id'>;

/** The gallery's order: newest first; a request's variants in their own order; then by id. */
export function compareNewestFirst(a: Position, b: Position): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  if (a.index !== b.index) return a.index - b.index;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A cursor is the last image's place in the order, not an offset: deleting an image while paging
 * neither skips nor repeats one. It never leaves the browser, so plain JSON will do.
 */
function cursorOf({ createdAt, index, id }: Position): string {
  return JSON.stringify([createdAt, index, id]);
}

function positionOf(cursor: string): Position | null {
  try {
    const value: unknown = JSON.parse(cursor);
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [createdAt, index, id] = value as unknown[];
    if (typeof createdAt !== 'string' || typeof index !== 'number' || typeof id !== 'string') {
      return null;
    }
    return { createdAt, index, id };
  } catch {
    return null;
  }
}

export function createVisitorStore(
  collection: VisitorCollection<GeneratedImage>,
  pageSize: number = GALLERY_PAGE_SIZE,
): VisitorStore {
  return {
    async page(cursor) {
      const after = cursor === null ? null : positionOf(cursor);
      if (cursor !== null && !after) throw new Error('This gallery page does not exist.');
      const ordered = (await collection.list()).sort(compareNewestFirst);
      const rest = after
        ? ordered.filter((image) => compareNewestFirst(image, after) > 0)
        : ordered;
      const images = rest.slice(0, pageSize);
      const last = images.at(-1);
      return { images, nextCursor: rest.length > pageSize && last ? cursorOf(last) : null };
    },
    file: (id) => collection.file(id),
    add: (entries) => collection.save(entries),
    remove: (id) => collection.remove(id),
    async family(id) {
      return familyFromImages(await collection.list(), id);
    },
  };
}
