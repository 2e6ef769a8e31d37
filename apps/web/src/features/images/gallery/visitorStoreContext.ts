import { createContext, useContext } from 'react';
import { openIndexedDbRecords } from './store/indexedDbRecords';
import { createVisitorStore, type VisitorStore } from './visitorStore';

/** Opens a visitor's gallery; rejects with VisitorStorageUnavailableError where it cannot be. */
export type OpenVisitorStore = () => Promise<VisitorStore>;

let opening: Promise<VisitorStore> | null = null;

/**
 * This browser's visitor gallery, opened once per page load. A failed open is forgotten, so a
 * retry (storage turned back on) tries again.
 */
export const openBrowserVisitorStore: OpenVisitorStore = () => {
  opening ??= openIndexedDbRecords().then((records) => createVisitorStore(records));
  opening.catch(() => {
    opening = null;
  });
  return opening;
};

/**
 * Which visitor gallery the components read: the browser's by default; tests and stories give
 * one in memory (createMemoryRecords) or one that cannot open.
 */
export const VisitorStoreContext = createContext<OpenVisitorStore>(openBrowserVisitorStore);

export function useOpenVisitorStore(): OpenVisitorStore {
  return useContext(VisitorStoreContext);
}
