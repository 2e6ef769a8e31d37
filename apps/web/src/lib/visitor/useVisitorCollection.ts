import { createContext, useContext, useMemo } from 'react';
import {
  browserVisitorStorage,
  openVisitorCollection,
  type ReadVisitorItem,
  type VisitorCollection,
} from './visitorCollection';
import type { VisitorStorage } from './visitorStorage';

/**
 * Where the components keep a visitor's collections: this browser's IndexedDB by default; tests
 * and stories give memoryVisitorStorage() (or unavailableVisitorStorage, a private window).
 */
export const VisitorStorageContext = createContext<VisitorStorage>(browserVisitorStorage);

/** A tool's collection in the storage of VisitorStorageContext (`read`: a module's function). */
export function useVisitorCollection<T extends { id: string }>(
  name: string,
  read: ReadVisitorItem<T>,
): VisitorCollection<T> {
  const storage = useContext(VisitorStorageContext);
  return useMemo(() => openVisitorCollection(storage, name, read), [storage, name, read]);
}
