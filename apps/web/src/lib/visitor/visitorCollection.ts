/*
 * A visitor's things, kept in this browser: the one place every tool keeps what a visitor
 * (someone not signed in) made, since the server keeps a visitor's results a day only.
 *
 * A tool names its collection and says how to read back what was stored; it gets a typed
 * collection:
 *
 *   const clips = useVisitorCollection('clips', readClip); // in a component (useVisitorCollection.ts)
 *   const clips = visitorCollection('clips', readClip);    // elsewhere: this browser's
 *   await clips.save([{ item: clip, file: audio }]);       // all of them, or none
 *   await clips.list();                                    // the items, not their files
 *   await clips.file(clip.id);                             // one file, when it is shown
 *   await clips.remove(clip.id);
 *
 * An item is a plain object with an `id`; its file (a Blob: a picture, a voice clip, a piece of
 * music, a document) is kept apart, so that a list reads no file. `readClip(stored: unknown):
 * Clip | null` checks each stored item (the contract's schema will do): what an older version
 * of the app wrote is left out rather than trusted. In the browser each collection is an
 * IndexedDB database of its own, `studio-visitor-<name>` (indexedDbStorage.ts), opened on first
 * use; tests and stories give VisitorStorageContext a Map instead (memoryStorage.ts). Where the
 * browser keeps nothing (some private windows, storage turned off) every call rejects with
 * VisitorStorageUnavailableError (visitorStorage.ts), for the tool to say so and suggest
 * signing in.
 *
 * Small things the first render must show at once (the chat's conversation) live in local
 * storage instead, which reads synchronously: visitorLocalCollection.ts. The visitor's key,
 * which the server knows a visitor's jobs by, is visitorKey.ts.
 */
import { indexedDbStorage } from './indexedDbStorage';
import type { VisitorEntry, VisitorStorage } from './visitorStorage';

export interface VisitorCollection<T extends { id: string }> {
  /** Every item kept (not their files: those load one by one, when shown). */
  list(): Promise<T[]>;
  /** One item; null when it is not kept (or no longer reads as one). */
  get(id: string): Promise<T | null>;
  /** An item's file; null when there is none. */
  file(id: string): Promise<Blob | null>;
  /** Keeps items with their files, replacing those with the same ids: all of them or none. */
  save(entries: readonly VisitorEntry<T>[]): Promise<void>;
  /** Forgets an item and its file (nothing happens when it is not kept). */
  remove(id: string): Promise<void>;
}

/** Reads a stored item back as a tool's type; null for what is not one. */
export type ReadVisitorItem<T> = (stored: unknown) => T | null;

/** A tool's collection in `storage`, opened on its first use. */
export function openVisitorCollection<T extends { id: string }>(
  storage: VisitorStorage,
  name: string,
  read: ReadVisitorItem<T>,
): VisitorCollection<T> {
  const open = () => storage.open(name);
  return {
    list: async () =>
      (await (await open()).list()).flatMap((stored) => {
        const item = read(stored);
        return item === null ? [] : [item];
      }),
    get: async (id) => {
      const stored = await (await open()).get(id);
      return stored === undefined ? null : read(stored);
    },
    file: async (id) => (await open()).file(id),
    save: async (entries) => (await open()).save(entries),
    remove: async (id) => (await open()).remove(id),
  };
}

/** This browser's IndexedDB: where a visitor's collections are kept outside tests and stories. */
export const browserVisitorStorage: VisitorStorage = /* @__PURE__ */ indexedDbStorage();

/** A tool's collection in this browser (in a component, useVisitorCollection). */
export function visitorCollection<T extends { id: string }>(
  name: string,
  read: ReadVisitorItem<T>,
): VisitorCollection<T> {
  return openVisitorCollection(browserVisitorStorage, name, read);
}
