/*
 * The one keyed cache every loader of the app reads through (style.md item 15), shaped like
 * TanStack Query's queryOptions / useQuery / invalidateQueries. TanStack Query itself would add
 * about 10 KB gzipped to the first load of /, whose chat reads through this cache (its models
 * and history) and which has about 0.3 KB left under its budget.
 *
 * An entry lives while a component reads it: readers of one key share one request and its answer,
 * and when the last one goes its request is aborted and the entry dropped, so the next reader
 * loads afresh.
 */

export type QueryKey = readonly (string | number | boolean | null)[];

export interface QueryOptions<T> {
  queryKey: QueryKey;
  /** Loads the data; the signal aborts when the last reader goes or a newer load replaces it. */
  queryFn: (signal: AbortSignal) => Promise<T>;
  /** false: nothing to read yet (a missing id); the query stays loading and asks nothing. */
  enabled?: boolean;
  /**
   * The data already in hand (an answer asked for at entry start, drawn by the server): a new
   * entry starts with it instead of loading, and a render before the entry exists (the first
   * one, the server's) shows it, as TanStack Query's option.
   */
  initialData?: T;
}

export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  /** refreshing: the data shown is being read again (after invalidateQueries). */
  | { status: 'success'; data: T; refreshing: boolean };

interface Entry {
  key: QueryKey;
  state: QueryState<unknown>;
  queryFn: (signal: AbortSignal) => Promise<unknown>;
  controller: AbortController | null;
  listeners: Set<() => void>;
}

const entries = new Map<string, Entry>();

/** Types a query's key and loader together, for the endpoint's owner file to export. */
export function queryOptions<T>(options: QueryOptions<T>): QueryOptions<T> {
  return options;
}

export const hashKey = (key: QueryKey): string => JSON.stringify(key);

function publish(entry: Entry, state: QueryState<unknown>): void {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

/** Loads an entry (again); a load still running is aborted, its answer ignored. */
function load(entry: Entry, state: QueryState<unknown>): void {
  entry.controller?.abort();
  const controller = new AbortController();
  entry.controller = controller;
  publish(entry, state);
  entry
    .queryFn(controller.signal)
    .then(
      (data): QueryState<unknown> => ({ status: 'success', data, refreshing: false }),
      (error: unknown): QueryState<unknown> => ({ status: 'error', error }),
    )
    .then((next) => {
      if (controller.signal.aborted) return;
      entry.controller = null;
      publish(entry, next);
    });
}

const loadingState: QueryState<never> = { status: 'loading' };

/** What a key shows before it has been read: its initial data, else loading. */
export function initialState<T>({ initialData }: QueryOptions<T>): QueryState<T> {
  return initialData === undefined
    ? loadingState
    : { status: 'success', data: initialData, refreshing: false };
}

/**
 * A new entry for `hash`, loading unless it has initial data: what the first reader or a prefetch
 * starts. `state`: the reader's own copy of the initial state, so that it sees no change.
 */
function createEntry<T>(
  hash: string,
  options: QueryOptions<T>,
  state: QueryState<T> = initialState(options),
): Entry {
  const entry: Entry = {
    key: options.queryKey,
    state,
    queryFn: options.queryFn,
    controller: null,
    listeners: new Set(),
  };
  entries.set(hash, entry);
  if (state.status === 'loading') load(entry, state);
  return entry;
}

/**
 * Registers a reader; the first one starts the load (`initial`: what it has shown meanwhile).
 * Returns its unsubscribe.
 */
export function subscribeQuery<T>(
  options: QueryOptions<T>,
  listener: () => void,
  initial?: QueryState<T>,
): () => void {
  const hash = hashKey(options.queryKey);
  const subscribed = entries.get(hash) ?? createEntry(hash, options, initial);
  subscribed.listeners.add(listener);
  return () => {
    subscribed.listeners.delete(listener);
    if (subscribed.listeners.size > 0 || entries.get(hash) !== subscribed) return;
    subscribed.controller?.abort();
    entries.delete(hash);
  };
}

/**
 * Starts reading a key before anything reads it (a route's first data, as soon as the route's
 * code is here), so that its first render finds the answer instead of a loading state that the
 * answer would then replace, moving the page. The entry stays until its first reader goes.
 */
export function prefetchQuery<T>(options: QueryOptions<T>): void {
  const hash = hashKey(options.queryKey);
  if (!entries.has(hash)) createEntry(hash, options);
}

/** What a key (by its hashKey) shows now; `initial` while nothing reads it. */
export function queryState<T>(hash: string, initial: QueryState<T> = loadingState): QueryState<T> {
  return (entries.get(hash)?.state ?? initial) as QueryState<T>;
}

/** Shows the loading state and reads the key (by its hashKey) again: a retry. */
export function reloadQuery(hash: string): void {
  const entry = entries.get(hash);
  if (entry) load(entry, { status: 'loading' });
}

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.every((part, index) => key[index] === part);

/**
 * Reads every key starting with `prefix` again, keeping what it shows meanwhile: how a change
 * refreshes the lists it affects.
 */
export function invalidateQueries(prefix: QueryKey): void {
  for (const entry of entries.values()) {
    if (!startsWith(entry.key, prefix)) continue;
    const { state } = entry;
    load(entry, state.status === 'success' ? { ...state, refreshing: true } : state);
  }
}

/** Replaces a key's data with what a change answered, without reading it again. */
export function setQueryData<T>(key: QueryKey, update: (data: T) => T): void {
  const entry = entries.get(hashKey(key));
  if (entry?.state.status !== 'success') return;
  publish(entry, { ...entry.state, data: update(entry.state.data as T) });
}
