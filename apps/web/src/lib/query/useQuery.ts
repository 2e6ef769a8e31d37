import { useCallback, useState, useSyncExternalStore } from 'react';
import {
  hashKey,
  initialState,
  queryState,
  reloadQuery,
  subscribeQuery,
  type QueryOptions,
  type QueryState,
} from './queryCache';

export type QueryResult<T> = QueryState<T> & {
  /** Shows the loading state and reads the key again (a retry). */
  reload: () => void;
};

const noReader = () => () => {};

/**
 * Reads a query: loading (or its initial data at once), then its data or its error. Components
 * reading the same key share one request; a new key, or the last reader unmounting, aborts the
 * request no longer needed.
 */
export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const hash = hashKey(options.queryKey);
  const enabled = options.enabled !== false;
  // The loader may be a new closure each render: the key says what it loads, so the options
  // change when the key does (adjusted while rendering, as React suggests, not in an effect).
  // `initial`: one object, what the key shows until read, kept for useSyncExternalStore.
  const now = () => ({ hash, enabled, options, initial: initialState(options) });
  const [current, setCurrent] = useState(now);
  if (current.hash !== hash || current.enabled !== enabled) setCurrent(now());

  const subscribe = useCallback(
    (listener: () => void) =>
      current.enabled ? subscribeQuery(current.options, listener, current.initial) : noReader(),
    [current],
  );
  const snapshot = useCallback(() => queryState(current.hash, current.initial), [current]);
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const reload = useCallback(() => reloadQuery(current.hash), [current]);
  return { ...state, reload };
}
