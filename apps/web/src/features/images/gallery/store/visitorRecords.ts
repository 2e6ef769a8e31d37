import type { GeneratedImage } from '@studio/contracts';

/** A visitor's image as kept in this browser: its metadata and the PNG the server made. */
export interface VisitorImageEntry {
  image: GeneratedImage;
  /** The PNG as the server sent it (it carries the generation parameters). */
  file: Blob;
}

/**
 * Where a visitor's images are kept: IndexedDB in the browser (indexedDbRecords.ts), a Map in
 * tests and stories (memoryRecords.ts). The paging, ordering and family logic sits above it,
 * in visitorStore.ts, so it is tested without a browser database.
 */
export interface VisitorRecords {
  /** Every stored image's metadata (not the files: those load one by one, when shown). */
  images(): Promise<GeneratedImage[]>;
  /** One image's PNG; null when it is not stored. */
  file(id: string): Promise<Blob | null>;
  /** Stores images and their files together: all of them or, on failure, none. */
  save(entries: readonly VisitorImageEntry[]): Promise<void>;
  /** Forgets an image and its file (nothing happens when it is not stored). */
  remove(id: string): Promise<void>;
}

/** Why a visitor's gallery cannot work in this browser (private mode, storage turned off). */
export class VisitorStorageUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super('This browser does not let the site keep pictures (private mode?).', options);
    this.name = 'VisitorStorageUnavailableError';
  }
}

export function isVisitorStorageUnavailable(
  error: unknown,
): error is VisitorStorageUnavailableError {
  return error instanceof VisitorStorageUnavailableError;
}
