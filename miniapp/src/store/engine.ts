// The sync engine: the store from IndexedDB at once, then a bootstrap (first time) or a catch-up
// from the stored position, then the stream. Every network step runs in one queue, so batches apply
// in the order they were read and a stale answer never overwrites a newer one.
import type { LiveEvent } from '@tracker/shared/api/events';
import type { IssueListItem } from '@tracker/shared/api/issues';
import type { SyncChange } from '@tracker/shared/api/sync';
import { http as defaultHttp, refusalOf, type Http } from '../lib/http.ts';
import { addSeenIssues, applyChanges } from './apply.ts';
import { forgetLastUsed, touchProject } from './lru.ts';
import { clearData, createSyncState, type SyncState } from './model.ts';
import { dbName, loadStored, SCHEMA_VERSION, type Persist } from './persist.ts';
import { syncReads } from './reads.ts';
import { openStream, type EventSourceClass } from './stream.ts';
import { continues, openTabs, type Tabs } from './tabs.ts';
import { createOutbox, type OutboxHandlers } from './outbox.ts';
import { createWriter } from './writer.ts';

export interface SyncEngineOptions {
  userId: number;
  state?: SyncState;
  http?: Pick<Http, 'get'> & Partial<Pick<Http, 'request'>>;
  /** null: no stream (tests of the HTTP part). */
  EventSource?: EventSourceClass | null;
  /** false: memory only. */
  persist?: boolean;
  sizeLimit?: number;
  /** Debounce of IndexedDB writes, ms. */
  writeDelay?: number;
  /** Where `online`/`offline` events come from (the window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  /**
   * A 401: the app signs out. `ended` (the session is gone): the store is wiped. `changed` (the
   * session is another account's now, issue 25): the engine stops and the store stays on disk, its
   * queued edits waiting for this user's next session, never sent under the other one.
   */
  onSignedOut?: (reason: 'ended' | 'changed') => void;
  /** The live events the stream carries beside the changes. */
  onLive?: (event: LiveEvent) => void;
  /** What to tell the user about edits the server refused or partly overrode. */
  outbox?: OutboxHandlers;
  /** The user's IndexedDB store, already opened and read into `state` (`preloadSync`). */
  preloaded?: Promise<Persist | null>;
}

const MAX_BACKOFF_MS = 30_000;
const IDLE_WAIT_MS = 1_500;

const idle = () =>
  new Promise<void>((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS }) : resolve()));

export function createSyncEngine(o: SyncEngineOptions) {
  const state = o.state ?? createSyncState();
  const http = o.http ?? defaultHttp;
  const ES = o.EventSource === undefined ? (globalThis.EventSource as EventSourceClass | undefined) ?? null : o.EventSource;
  const events = o.events === undefined ? (typeof window === 'undefined' ? null : window) : o.events;
  const writer = createWriter(state, { delay: o.writeDelay, sizeLimit: o.sizeLimit });
  const { dirty } = writer;
  const scheduleWrite = writer.schedule;
  let persist: Persist | null = null;
  let tabs: Tabs | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let closeStream: (() => void) | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let backoff = 1_000;
  let stopped = false;
  const reads = syncReads(http, state, writer);
  const outbox = createOutbox(state, {
    http: http.request ? { request: http.request } : defaultHttp,
    dirty,
    scheduleWrite,
    handlers: o.outbox ?? {},
    journal: () => persist,
    onSignedOut: (err) => void fail(err),
  });

  const enqueue = <T>(step: () => Promise<T>): Promise<T> => {
    const run = queue.then(() => (stopped ? (undefined as T) : step()));
    queue = run.catch(() => undefined);
    return run;
  };

  function applyBatch(changes: SyncChange[], syncId: number, from: number | null) {
    // Posted first: once in the store, the objects are valtio's proxies, which cannot be cloned.
    tabs?.post({ type: 'changes', version: SCHEMA_VERSION, from: from ?? 0, to: syncId, changes });
    const missing = applyChanges(state, changes, syncId, dirty);
    scheduleWrite();
    for (const id of missing) void enqueue(() => reads.loadProject(id).catch(fail));
  }

  async function catchUp() {
    for (let more = true; more; ) {
      const from = state.syncId!;
      const page = await reads.changesAfter(from);
      if (page.syncId !== from || page.changes.length) applyBatch(page.changes, page.syncId, from);
      more = page.more;
    }
  }

  const offline = () => globalThis.navigator?.onLine === false;

  function retryLater() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  }

  async function fail(err: unknown) {
    if (stopped) return;
    const refused = refusalOf(err);
    if (refused?.status === 401 && refused.data.code === 'session_changed') {
      stop();
      o.onSignedOut?.('changed');
    } else if (refused?.status === 401) {
      await wipe();
      o.onSignedOut?.('ended');
    } else if (refused?.data.code === 'sync_expired') {
      await expire();
    } else {
      // Network errors, 5xx, unreadable answers: keep serving what we hold and try again.
      state.status = 'offline';
      retryLater();
    }
  }

  /**
   * The log no longer reaches our position: bootstrap again. What the store holds stays on screen
   * until the bootstrap replaces all of it.
   */
  async function expire() {
    closeStream?.();
    closeStream = null;
    state.status = 'expired';
    state.syncId = null;
    void connect();
  }

  function listen() {
    if (!ES || stopped || state.syncId === null) return;
    closeStream?.();
    closeStream = openStream(ES, state.syncId, {
      onOpen: () => {
        backoff = 1_000;
        state.status = 'live';
      },
      onBatch: (changes, syncId) => void enqueue(async () => syncId > (state.syncId ?? -1) && applyBatch(changes, syncId, state.syncId)),
      onExpired: () => void enqueue(expire),
      onLive: o.onLive,
      onInterrupted: () => void (state.status = 'offline'),
      onClosed: () => {
        closeStream = null;
        state.status = 'offline';
        retryLater();
      },
    });
  }

  /** Bootstrap or catch up, then the stream; every failure is sorted out by `fail`. */
  function connect(): Promise<void> {
    clearTimeout(retryTimer);
    return enqueue(async () => {
      if (offline()) return void (state.status = 'offline');
      try {
        if (state.syncId === null) {
          // A first bootstrap is large (every issue's row to parse, check and keep): it is asked at
          // once but waits for the browser to be idle (at most 1.5 s), so the screen's own first
          // answer paints first.
          await reads.bootstrap(idle());
        }
        await catchUp();
        state.status = ES ? state.status : 'live';
        listen();
        void outbox.run(); // edits queued while offline, or before a reload
        if (!ES) backoff = 1_000;
      } catch (err) {
        await fail(err);
      }
    });
  }

  const onOnline = () => {
    if (!closeStream) void connect();
    else void outbox.run();
  };
  const onOffline = () => void (state.status = 'offline');
  // A closing page writes what the debounce still holds.
  const onPageHide = () => void writer.flush();

  async function start() {
    // Screens that would ask the API for what the store is about to hold wait while this says so.
    // (An early read, `preloaded`, has set the status already.)
    if (state.syncId === null && !o.preloaded) state.status = o.persist !== false && typeof indexedDB !== 'undefined' ? 'loading' : 'bootstrapping';
    if (o.persist !== false && typeof indexedDB !== 'undefined') {
      persist = await (o.preloaded ?? loadStored(o.userId, state));
      writer.use(persist);
    }
    if (state.syncId === null) state.status = 'bootstrapping';
    tabs = openTabs(o.userId, {
      onChanges: (m) => {
        if (continues(state.syncId, m)) {
          applyChanges(state, m.changes, m.to, dirty);
          scheduleWrite();
        }
      },
      onWipe: () => void wipe(false).then(() => o.onSignedOut?.('ended')),
    });
    events?.addEventListener('online', onOnline);
    events?.addEventListener('offline', onOffline);
    events?.addEventListener('pagehide', onPageHide);
    void connect();
  }

  function stop() {
    stopped = true;
    outbox.stop();
    void writer.flush(); // what the debounce still holds
    clearTimeout(retryTimer);
    closeStream?.();
    closeStream = null;
    tabs?.close();
    tabs = null;
    events?.removeEventListener('online', onOnline);
    events?.removeEventListener('offline', onOffline);
    events?.removeEventListener('pagehide', onPageHide);
  }

  /** Sign-out, a 401, or another tab's sign-out: nothing of this user stays in memory or on disk. */
  async function wipe(tell = true) {
    if (tell) tabs?.post({ type: 'wipe' });
    writer.cancel();
    writer.use(null);
    stop();
    clearData(state);
    state.status = 'idle';
    forgetLastUsed();
    if (persist) await persist.wipe();
    else if (typeof indexedDB !== 'undefined' && o.persist !== false) await import('idb').then(({ deleteDB }) => deleteDB(dbName(o.userId)));
    persist = null;
  }

  return {
    state,
    start,
    stop,
    wipe,
    /** Writes pending changes now (before a page hides, in tests), the queued edits included. */
    flush: () => Promise.all([outbox.saved(), writer.flush()]).then(() => undefined),
    /** Resolves when every queued network step has finished. */
    settled: () => queue.then(() => undefined),
    /** An issue edit (PATCH body), shown at once, sent in order; see outbox.ts. */
    edit: (issueId: number, body: Record<string, unknown>, optimistic: Partial<IssueListItem>) => outbox.add('update', issueId, body, optimistic),
    /** A board drag (`/move` body), shown at once, sent in order. */
    move: (issueId: number, body: { statusId: number; beforeId: number | null; afterId: number | null }, optimistic: Partial<IssueListItem>) =>
      outbox.add('move', issueId, body, optimistic),
    /** Keeps issues a screen read from the server (older ones the bootstrap leaves out). */
    remember: (issues: readonly IssueListItem[]) => {
      if (state.syncId === null) return;
      addSeenIssues(state, issues, dirty);
      scheduleWrite();
    },
    /** Reloads a project whose issues were evicted for size, when a screen needs it. */
    ensureProject: (id: number) => {
      touchProject(id);
      return state.evicted[id] ? enqueue(() => reads.loadProject(id).catch(fail)) : Promise.resolve();
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
