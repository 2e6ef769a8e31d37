import type { KeyValueStore } from '../storage';

/**
 * How a record is kept in local storage: as one string per field, each under `<field>:<id>`
 * (a storageKeys name, so every key the app keeps is listed there).
 */
export interface LocalRecordFormat<T, Field extends string> {
  fields: readonly Field[];
  /** The record from what is stored (a field never written, or removed, is null). */
  read(stored: Readonly<Record<Field, string | null>>): T;
  /** What to store of a record; a null field is removed. */
  write(record: T): Readonly<Record<Field, string | null>>;
}

/**
 * visitorCollection's counterpart for the small things the first render must show at once,
 * which IndexedDB (asynchronous) would show a moment late: a conversation typed before signing
 * in, or not yet saved on the server. No list: local storage is read by key.
 */
export interface VisitorLocalCollection<T> {
  get(id: string): T;
  save(id: string, record: T): void;
  remove(id: string): void;
  /** Takes what is kept under `from` to `to` (a conversation that got its server id). */
  move(from: string, to: string): void;
}

/**
 * Records in local storage (or the store tests and stories give); the store never throws, so
 * where the browser keeps nothing a record lives for this visit only.
 */
export function visitorLocalCollection<T, Field extends string>(
  store: KeyValueStore,
  format: LocalRecordFormat<T, Field>,
): VisitorLocalCollection<T> {
  const key = (field: Field, id: string) => `${field}:${id}`;
  const get = (id: string) =>
    format.read(
      Object.fromEntries(
        format.fields.map((field) => [field, store.get(key(field, id))]),
      ) as Record<Field, string | null>,
    );
  const save = (id: string, record: T) => {
    const written = format.write(record);
    for (const field of format.fields) {
      const value = written[field];
      if (value === null) store.remove(key(field, id));
      else store.set(key(field, id), value);
    }
  };
  const remove = (id: string) => {
    for (const field of format.fields) store.remove(key(field, id));
  };
  return {
    get,
    save,
    remove,
    move(from, to) {
      if (from === to) return;
      save(to, get(from));
      remove(from);
    },
  };
}
