// The one hook for what only the server can answer (search, timesheet, inbox pages, admin tables,
// activity, previews): entities the sync store holds are read from the store, never through here.
// It owns caching by key, de-duplication of requests in flight, a retry when the browser comes back
// online, and invalidation by live events or by name after a write. TanStack Query does the same in
// about 13 KB gzip; these few functions are all the app uses of it (issue 27).
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { subscribeLive, type LiveFilter } from './live.ts';

export type QueryKey = readonly (string | number | boolean | null)[];

interface Entry {
  data: unknown;
  error: unknown;
  /** A request is on its way; `data` (if any) is the previous answer, shown meanwhile. */
  fetching: boolean;
  /** Set when the answer may be out of date: the next read asks again. */
  stale: boolean;
  updatedAt: number;
  controller: AbortController | null;
  load: ((signal: AbortSignal) => Promise<unknown>) | null;
  listeners: Set<() => void>;
  /** A new object on every change, so `useSyncExternalStore` sees one. */
  view: QueryView<unknown>;
  dropTimer?: ReturnType<typeof setTimeout>;
}

export interface QueryView<T> {
  data: T | undefined;
  error: unknown;
  /** True until the first answer (or refusal) for this key. */
  loading: boolean;
  fetching: boolean;
}

export interface QueryResult<T> extends QueryView<T> {
  /** Asks again now; resolves when the answer is in. */
  refetch: () => Promise<void>;
  /** Replaces the cached answer (an optimistic change, or the answer a write returned). */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

export interface QueryOptions {
  /** Live events after which the answer is asked again while a screen shows it. */
  refetchOn?: LiveFilter;
  /** An answer younger than this is shown without asking again; default 30 s. */
  freshMs?: number;
}

const DEFAULT_FRESH_MS = 30_000;
/** How long an answer no screen shows is kept for the way back. */
const KEEP_MS = 5 * 60_000;
const cache = new Map<string, Entry>();

const keyOf = (key: QueryKey) => JSON.stringify(key);

function entryFor(id: string): Entry {
  let entry = cache.get(id);
  if (!entry) {
    entry = { data: undefined, error: null, fetching: false, stale: true, updatedAt: 0, controller: null, load: null, listeners: new Set(), view: { data: undefined, error: null, loading: true, fetching: false } };
    cache.set(id, entry);
  }
  return entry;
}

function changed(entry: Entry) {
  entry.view = { data: entry.data, error: entry.error, loading: entry.updatedAt === 0 && entry.error === null, fetching: entry.fetching };
  for (const listener of [...entry.listeners]) listener();
}

function run(id: string, entry: Entry): Promise<void> {
  const load = entry.load;
  if (!load) return Promise.resolve();
  entry.controller?.abort();
  const controller = new AbortController();
  entry.controller = controller;
  entry.fetching = true;
  entry.stale = false;
  changed(entry);
  return load(controller.signal).then(
    (data) => {
      if (entry.controller !== controller) return;
      Object.assign(entry, { data, error: null, fetching: false, updatedAt: Date.now(), controller: null });
      changed(entry);
    },
    (error: unknown) => {
      if (entry.controller !== controller) return;
      Object.assign(entry, { error, fetching: false, stale: true, controller: null });
      changed(entry);
    },
  ).finally(() => {
    if (entry.listeners.size === 0) scheduleDrop(id, entry);
  });
}

function scheduleDrop(id: string, entry: Entry) {
  clearTimeout(entry.dropTimer);
  entry.dropTimer = setTimeout(() => {
    if (entry.listeners.size === 0 && !entry.fetching) cache.delete(id);
  }, KEEP_MS);
}

/** Asks for `key` unless an answer is fresh or a request is already on its way. */
function ensure(id: string, entry: Entry, freshMs: number) {
  if (entry.fetching) return;
  if (!entry.stale && Date.now() - entry.updatedAt < freshMs) return;
  void run(id, entry);
}

/**
 * Marks every cached answer whose key starts with `prefix` out of date; the ones a screen shows
 * are asked again at once. Writes call it for the lists they change.
 */
export function invalidateQueries(prefix: QueryKey): void {
  const head = keyOf(prefix).slice(0, -1);
  for (const [id, entry] of cache) {
    if (!(id === keyOf(prefix) || id.startsWith(`${head},`))) continue;
    entry.stale = true;
    if (entry.listeners.size > 0) void run(id, entry);
  }
}

/** Drops every cached answer (sign-out: the next person must not see them). */
export function clearQueries(): void {
  for (const entry of cache.values()) entry.controller?.abort();
  cache.clear();
}

if (typeof window !== 'undefined') {
  // A request refused by the network is asked again when the browser is back online.
  window.addEventListener('online', () => {
    for (const [id, entry] of cache) if (entry.error !== null && entry.listeners.size > 0) void run(id, entry);
  });
}

const IDLE: QueryView<never> = { data: undefined, error: null, loading: false, fetching: false };

/** The answer for `key` as last seen (the hook's snapshot). */
export function readQuery<T>(key: QueryKey): QueryView<T> {
  return entryFor(keyOf(key)).view as QueryView<T>;
}

/**
 * Starts showing `key`: asks for it unless fresh or on its way, and calls `listener` on each change
 * until the returned function is called. `load` is read at each request, so it may change.
 */
export function watchQuery(key: QueryKey, load: () => (signal: AbortSignal) => Promise<unknown>, freshMs: number, listener: () => void): () => void {
  const id = keyOf(key);
  const entry = entryFor(id);
  clearTimeout(entry.dropTimer);
  entry.listeners.add(listener);
  entry.load = (signal) => load()(signal);
  ensure(id, entry, freshMs);
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size === 0) scheduleDrop(id, entry);
  };
}

/**
 * Starts asking for `key` before a screen shows it (navigation intent: a hover or a press on a
 * link), unless an answer is fresh or on its way; the screen's `useQuery` then takes that answer.
 */
export function prefetchQuery(key: QueryKey, load: (signal: AbortSignal) => Promise<unknown>, freshMs = DEFAULT_FRESH_MS): void {
  const id = keyOf(key);
  const entry = entryFor(id);
  entry.load ??= load;
  if (entry.listeners.size === 0) scheduleDrop(id, entry);
  ensure(id, entry, freshMs);
}

/** Asks for `key` again now (its last `load`); resolves when the answer is in. */
export function refetchQuery(key: QueryKey): Promise<void> {
  const id = keyOf(key);
  return run(id, entryFor(id));
}

/** Replaces the cached answer for `key` and tells its screens. */
export function setQueryData<T>(key: QueryKey, update: (current: T | undefined) => T | undefined): void {
  const entry = entryFor(keyOf(key));
  entry.data = update(entry.data as T | undefined);
  entry.error = null;
  entry.updatedAt ||= Date.now();
  changed(entry);
}

const noop = () => () => undefined;

/**
 * The answer for `key`, loaded by `load` (given an AbortSignal); `null` as the key waits (nothing
 * asked). Screens showing the same key share one request and one answer.
 */
export function useQuery<T>(key: QueryKey | null, load: (signal: AbortSignal) => Promise<T>, options: QueryOptions = {}): QueryResult<T> {
  const id = key === null ? null : keyOf(key);
  const latest = useRef({ key, load, options });
  latest.current = { key, load, options };

  const subscribe = useCallback(
    (listener: () => void) => {
      const k = latest.current.key;
      if (k === null) return noop();
      return watchQuery(k, () => latest.current.load, latest.current.options.freshMs ?? DEFAULT_FRESH_MS, listener);
    },
    [id], // eslint-disable-line react-hooks/exhaustive-deps -- the key's text stands for the key
  );
  const view = useSyncExternalStore(
    subscribe,
    () => (id === null ? IDLE : (entryFor(id).view as QueryView<T>)),
    () => IDLE as QueryView<T>,
  );

  const watching = options.refetchOn !== undefined;
  useEffect(() => {
    if (id === null || !watching) return;
    return subscribeLive((event) => {
      const filter = latest.current.options.refetchOn;
      const entry = cache.get(id);
      if (!filter || !entry || !filter(event)) return;
      entry.stale = true;
      void run(id, entry);
    });
  }, [id, watching]);

  const refetch = useCallback(() => (latest.current.key === null ? Promise.resolve() : refetchQuery(latest.current.key)), [id]); // eslint-disable-line react-hooks/exhaustive-deps -- as above
  const setData = useCallback(
    (update: (current: T | undefined) => T | undefined) => {
      if (latest.current.key !== null) setQueryData(latest.current.key, update);
    },
    [id], // eslint-disable-line react-hooks/exhaustive-deps -- as above
  );

  return { ...view, refetch, setData };
}
