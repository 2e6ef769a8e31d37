import {
  VisitorStorageUnavailableError,
  type StoredCollection,
  type VisitorEntry,
  type VisitorStorage,
} from './visitorStorage';

/*
 * Each collection is a database of its own, so a new tool's collection needs no upgrade of
 * another's: `studio-visitor-<name>`, version 1, with two object stores, `<name>` (the items,
 * keyed by their `id`) and `files` (each item's Blob, under the item's id), kept apart so that a
 * list reads no file. The image tools' database ('studio-visitor-images': 'images' and 'files')
 * was made before this module, in this very shape, so a visitor's pictures stay readable.
 */
const DATABASE_PREFIX = 'studio-visitor-';
const VERSION = 1;
const FILES = 'files';

export const databaseName = (collection: string) => `${DATABASE_PREFIX}${collection}`;

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });
}

function finished(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    const fail = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted.'));
    transaction.onerror = fail;
    transaction.onabort = fail;
  });
}

/**
 * Opens a collection's database. Private windows of some browsers have no IndexedDB, or one
 * whose open fails (Firefox before 115 throws, Safari may refuse): every such case rejects with
 * VisitorStorageUnavailableError, for the tool to explain.
 */
function openDatabase(factory: IDBFactory | undefined, name: string): Promise<IDBDatabase> {
  if (!factory) return Promise.reject(new VisitorStorageUnavailableError());
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(databaseName(name), VERSION);
    } catch (cause) {
      reject(new VisitorStorageUnavailableError({ cause }));
      return;
    }
    request.onupgradeneeded = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains(name)) {
        database.createObjectStore(name, { keyPath: 'id' });
      }
      if (!database.objectStoreNames.contains(FILES)) database.createObjectStore(FILES);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(new VisitorStorageUnavailableError({ cause: request.error }));
    // Another tab holds an older version open: nothing can be read until it closes.
    request.onblocked = () => reject(new VisitorStorageUnavailableError());
  });
}

function storedCollection(database: IDBDatabase, name: string): StoredCollection {
  // Another tab upgrading the database asks this one to let go.
  database.onversionchange = () => database.close();
  return {
    list: async () => settle(database.transaction(name).objectStore(name).getAll()),
    get: async (id) => settle(database.transaction(name).objectStore(name).get(id)),
    file: async (id) => {
      const file: unknown = await settle(database.transaction(FILES).objectStore(FILES).get(id));
      return file instanceof Blob ? file : null;
    },
    save: async (entries: readonly VisitorEntry<{ id: string }>[]) => {
      const transaction = database.transaction([name, FILES], 'readwrite');
      const done = finished(transaction);
      for (const { item, file } of entries) {
        transaction.objectStore(name).put(item);
        if (file) transaction.objectStore(FILES).put(file, item.id);
        else transaction.objectStore(FILES).delete(item.id);
      }
      await done;
    },
    remove: async (id) => {
      const transaction = database.transaction([name, FILES], 'readwrite');
      const done = finished(transaction);
      transaction.objectStore(name).delete(id);
      transaction.objectStore(FILES).delete(id);
      await done;
    },
  };
}

/**
 * Collections in this browser's IndexedDB (`factory` is read when a collection is first opened).
 * Each is opened once per page load; a failed open is forgotten, so a retry (storage turned back
 * on) tries again.
 */
export function indexedDbStorage(
  factory: () => IDBFactory | undefined = () => globalThis.indexedDB,
): VisitorStorage {
  const opening = new Map<string, Promise<StoredCollection>>();
  return {
    open(name) {
      let opened = opening.get(name);
      if (!opened) {
        opened = openDatabase(factory(), name).then((database) => storedCollection(database, name));
        opening.set(name, opened);
        opened.catch(() => opening.delete(name));
      }
      return opened;
    },
  };
}
