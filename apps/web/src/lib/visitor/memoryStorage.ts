import {
  VisitorStorageUnavailableError,
  type StoredCollection,
  type VisitorEntry,
  type VisitorStorage,
} from './visitorStorage';

type Stored = VisitorEntry<{ id: string }>;

/** Copies in, copies out, as IndexedDB's structured clone does: no caller shares an object. */
const copy = ({ item, file }: Stored): Stored => ({ item: { ...item }, file });

function memoryCollection(initial: readonly Stored[]): StoredCollection {
  const entries = new Map(initial.map((entry) => [entry.item.id, copy(entry)]));
  return {
    list: () => Promise.resolve([...entries.values()].map((entry) => copy(entry).item)),
    get: (id) => {
      const entry = entries.get(id);
      return Promise.resolve(entry ? copy(entry).item : undefined);
    },
    file: (id) => Promise.resolve(entries.get(id)?.file ?? null),
    save: (saved) => {
      for (const entry of saved) entries.set(entry.item.id, copy(entry));
      return Promise.resolve();
    },
    remove: (id) => {
      entries.delete(id);
      return Promise.resolve();
    },
  };
}

/**
 * Collections in memory, one Map each, for tests and stories: a real browser database would
 * carry one story's things into the next. `initial` fills collections by name.
 */
export function memoryVisitorStorage(
  initial: Readonly<Record<string, readonly Stored[]>> = {},
): VisitorStorage {
  const collections = new Map<string, StoredCollection>();
  return {
    open(name) {
      let collection = collections.get(name);
      if (!collection) {
        collection = memoryCollection(initial[name] ?? []);
        collections.set(name, collection);
      }
      return Promise.resolve(collection);
    },
  };
}

/** A browser that keeps nothing (a private window), for tests and stories. */
export const unavailableVisitorStorage: VisitorStorage = {
  open: () => Promise.reject(new VisitorStorageUnavailableError()),
};
