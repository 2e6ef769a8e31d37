import type { GeneratedImage } from '@studio/contracts';
import type { VisitorImageEntry, VisitorRecords } from './visitorRecords';

/**
 * VisitorRecords in memory: for tests and stories, which must not share a real browser
 * database with each other. Behaves as the IndexedDB records do (copies in, copies out).
 */
export function createMemoryRecords(initial: readonly VisitorImageEntry[] = []): VisitorRecords {
  const entries = new Map<string, VisitorImageEntry>(
    initial.map((entry) => [entry.image.id, entry]),
  );
  return {
    images: () =>
      Promise.resolve([...entries.values()].map(({ image }): GeneratedImage => ({ ...image }))),
    file: (id) => Promise.resolve(entries.get(id)?.file ?? null),
    save: (saved) => {
      for (const entry of saved)
        entries.set(entry.image.id, { ...entry, image: { ...entry.image } });
      return Promise.resolve();
    },
    remove: (id) => {
      entries.delete(id);
      return Promise.resolve();
    },
  };
}
