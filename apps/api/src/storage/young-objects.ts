import type { ObjectStore } from './object-store.ts';

/**
 * A storage reference for files kept for a while and then let go (exports, a visitor's images):
 * no table names them, so their age is their only reference. The orphan sweep keeps the keys
 * this returns (written less than `lifeMs` ago) and deletes the rest.
 */
export function youngerThan(store: ObjectStore, lifeMs: number, now: () => Date) {
  return async (keys: string[]): Promise<Set<string>> => {
    const cutoff = now().getTime() - lifeMs;
    const fresh = new Set<string>();
    for (const key of keys) {
      const object = await store.head(key);
      if (object && object.writtenAt.getTime() > cutoff) fresh.add(key);
    }
    return fresh;
  };
}
