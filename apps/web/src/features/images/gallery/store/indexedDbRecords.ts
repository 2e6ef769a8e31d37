import { generatedImage, type GeneratedImage } from '@studio/contracts';
import {
  VisitorStorageUnavailableError,
  type VisitorImageEntry,
  type VisitorRecords,
} from './visitorRecords';

/** The browser database of a visitor's images (nothing of a signed-in user's goes here). */
export const VISITOR_DATABASE = 'studio-visitor-images';
const VERSION = 1;
/** The images' metadata (key: the image id), apart from the files so a page reads no PNG. */
const IMAGES = 'images';
/** The PNGs (key: the image id). */
const FILES = 'files';

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
 * Opens the database. Private windows of some browsers have no IndexedDB, or one whose open
 * fails (Firefox before 115 throws, Safari may refuse): every such case rejects with
 * VisitorStorageUnavailableError, for the gallery to explain.
 */
function openDatabase(factory: IDBFactory | undefined): Promise<IDBDatabase> {
  if (!factory) return Promise.reject(new VisitorStorageUnavailableError());
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(VISITOR_DATABASE, VERSION);
    } catch (cause) {
      reject(new VisitorStorageUnavailableError({ cause }));
      return;
    }
    request.onupgradeneeded = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains(IMAGES)) {
        database.createObjectStore(IMAGES, { keyPath: 'id' });
      }
      if (!database.objectStoreNames.contains(FILES)) database.createObjectStore(FILES);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(new VisitorStorageUnavailableError({ cause: request.error }));
    // Another tab holds an older version open: nothing can be read until it closes.
    request.onblocked = () => reject(new VisitorStorageUnavailableError());
  });
}

/** What was stored may come from an older version of the app: keep only well-formed images. */
function wellFormed(stored: unknown[]): GeneratedImage[] {
  return stored.flatMap((value) => {
    const parsed = generatedImage.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}

/** VisitorRecords in this browser's IndexedDB. */
export async function openIndexedDbRecords(
  factory: IDBFactory | undefined = globalThis.indexedDB,
): Promise<VisitorRecords> {
  const database = await openDatabase(factory);
  // Another tab upgrading the database asks this one to let go.
  database.onversionchange = () => database.close();

  return {
    images: async () =>
      wellFormed(await settle(database.transaction(IMAGES).objectStore(IMAGES).getAll())),
    file: async (id) => {
      const file: unknown = await settle(database.transaction(FILES).objectStore(FILES).get(id));
      return file instanceof Blob ? file : null;
    },
    save: async (entries: readonly VisitorImageEntry[]) => {
      const transaction = database.transaction([IMAGES, FILES], 'readwrite');
      const done = finished(transaction);
      for (const { image, file } of entries) {
        transaction.objectStore(IMAGES).put(image);
        transaction.objectStore(FILES).put(file, image.id);
      }
      await done;
    },
    remove: async (id) => {
      const transaction = database.transaction([IMAGES, FILES], 'readwrite');
      const done = finished(transaction);
      transaction.objectStore(IMAGES).delete(id);
      transaction.objectStore(FILES).delete(id);
      await done;
    },
  };
}
