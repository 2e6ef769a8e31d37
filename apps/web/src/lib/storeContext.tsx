import { createContext, useContext } from 'react';
import type { KeyValueStore } from './storage';

/**
 * The app's key-value store (local storage, or an in-memory double in tests and stories), given
 * by src/app's providers. Features read it here rather than from the app's services, which sit
 * above the features.
 */
export const KeyValueStoreContext = createContext<KeyValueStore | null>(null);

export function useKeyValueStore(): KeyValueStore {
  const store = useContext(KeyValueStoreContext);
  if (!store) throw new Error('useKeyValueStore() must be used inside <AppProviders>.');
  return store;
}
