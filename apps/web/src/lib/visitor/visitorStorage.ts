/** An item to keep (a plain object with an id), with its file if it has one. */
export interface VisitorEntry<T> {
  item: T;
  file?: Blob | undefined;
}

/** A collection as stored, before its items are read back as a tool's type (visitorCollection). */
export interface StoredCollection {
  list(): Promise<unknown[]>;
  /** undefined when it is not kept. */
  get(id: string): Promise<unknown>;
  file(id: string): Promise<Blob | null>;
  save(entries: readonly VisitorEntry<{ id: string }>[]): Promise<void>;
  remove(id: string): Promise<void>;
}

/**
 * Where a visitor's collections are kept: IndexedDB in the browser (indexedDbStorage.ts), a Map
 * in tests and stories (memoryStorage.ts).
 */
export interface VisitorStorage {
  /** Rejects with VisitorStorageUnavailableError where the browser keeps nothing. */
  open(name: string): Promise<StoredCollection>;
}

/** Why a visitor's things cannot be kept in this browser (private mode, storage turned off). */
export class VisitorStorageUnavailableError extends Error {
  constructor(options?: ErrorOptions) {
    super('This browser does not let the site keep anything (private mode?).', options);
    this.name = 'VisitorStorageUnavailableError';
  }
}

export function isVisitorStorageUnavailable(
  error: unknown,
): error is VisitorStorageUnavailableError {
  return error instanceof VisitorStorageUnavailableError;
}
