// The store in IndexedDB (idb): one database per user, so two accounts on one browser never mix,
// one object store per entity table plus `meta` (position, evictions, last use). What it holds was
// written by this code at this SCHEMA_VERSION, so it is read as it is, with no validation on the
// start's path (issue 27); a change of what is stored bumps the version (stored-schema.test.ts), and
// a database of another version, or one that fails to read, is deleted: the caller bootstraps.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { deleteDB } from 'idb';
import type { Snapshot } from 'valtio';
import { TABLES, type Dirty } from './dirty.ts';
import { restoreLastUsed } from './lru.ts';
import { asRows, emptyData, type SyncData, type SyncState } from './model.ts';
import type { OutboxEntry } from './outbox-model.ts';
import { dbName, META_KEY, OUTBOX, openStoreDb, readRaw, SCHEMA_VERSION, type EarlyRead } from './store-db.ts';

export interface Meta {
  syncId: number;
  evicted: number[];
  lastUsed: [number, number][];
  /** The server's copies of the issues that edits not yet confirmed touch (the edits: `OUTBOX`). */
  confirmed: IssueListItem[];
}

/** The one check left: a record of the meta store this code wrote (a torn or foreign one is dropped). */
function isMeta(value: unknown): value is Meta {
  const m = value as Partial<Meta> | null;
  return !!m && typeof m.syncId === 'number' && Array.isArray(m.evicted) && Array.isArray(m.lastUsed) && Array.isArray(m.confirmed);
}

export { dbName, SCHEMA_VERSION } from './store-db.ts';

/** Rows per transaction when the whole store is written: each a short task on a slow phone. */
const WRITE_BATCH = 150;
/** Yields to the browser (input, paint) between two batches. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function metaRecord(data: Snapshot<SyncData>, lastUsed: Iterable<[number, number]>): Meta {
  return {
    syncId: data.syncId!,
    evicted: Object.keys(data.evicted).map(Number),
    lastUsed: [...lastUsed],
    confirmed: Object.values(data.confirmed) as IssueListItem[],
  };
}
/** Another tab holding an old version open, or a stuck disk: screens stop waiting and use the API. */
const OPEN_TIMEOUT_MS = 3_000;

export interface Loaded {
  data: SyncData;
  lastUsed: [number, number][];
}

export interface Persist {
  /** The stored store, or null when there is none (or it was unreadable and is now deleted). */
  load(): Promise<Loaded | null>;
  /** Writes what `dirty` lists from `data` (plain objects, e.g. a valtio snapshot) in one transaction. */
  write(data: Snapshot<SyncData>, dirty: Dirty, lastUsed: Iterable<[number, number]>): Promise<void>;
  /** Keeps an edit not yet confirmed (at once, on its own). */
  putEdit(entry: OutboxEntry): Promise<void>;
  /** Drops an edit the server answered. */
  deleteEdit(id: string): Promise<void>;
  /** Deletes the user's database. */
  wipe(): Promise<void>;
  close(): void;
}

export async function openPersist(userId: number, version = SCHEMA_VERSION, early: EarlyRead | null = null): Promise<Persist> {
  const name = dbName(userId);
  let db = await (early?.db ?? openStoreDb(name, version));
  db.addEventListener('versionchange', () => db.close());
  let pending = early?.raw ?? null;

  async function read(): Promise<Loaded | null> {
    const raw = await (pending ?? readRaw(db));
    pending = null;
    if (!raw) return null;
    // Edits queued before a whole write was cut short: they wait, the rest is bootstrapped.
    const meta: Meta = raw.meta === undefined ? { syncId: -1, evicted: [], lastUsed: [], confirmed: [] } : (raw.meta as Meta);
    if (!isMeta(meta)) throw new Error('the stored meta record is unreadable');
    const data = emptyData();
    TABLES.forEach((table, t) => {
      const [keys, rows] = raw.tables[t]!;
      const into = data[table] as Record<string | number, unknown>;
      keys.forEach((key, n) => (into[key as string | number] = rows[n]));
    });
    for (const c of Object.values(data.comments).sort((a, b) => a.id - b.id)) (data.commentsByIssue[c.issueId] ??= []).push(c.id);
    for (const p of meta.evicted) data.evicted[p] = true;
    data.syncId = meta.syncId < 0 ? null : meta.syncId;
    const edits = raw.outbox as OutboxEntry[];
    data.outbox = edits.sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
    for (const c of meta.confirmed) data.confirmed[c.id] = c;
    return { data, lastUsed: meta.lastUsed };
  }

  /**
   * A whole store (after a bootstrap) in short transactions of WRITE_BATCH rows, one per task: written
   * at once, its 2,000 rows were one long task of a quarter of a second (four times that on a phone),
   * the start's largest block of input. The meta record goes first out and last in: a reload that
   * comes in between finds no store, and bootstraps.
   */
  async function writeAll(data: Snapshot<SyncData>, lastUsed: Iterable<[number, number]>) {
    const clear = db.transaction([...TABLES, 'meta'], 'readwrite');
    await Promise.all([clear.objectStore('meta').delete(META_KEY), ...TABLES.map((table) => clear.objectStore(table).clear()), clear.done]);
    for (const table of TABLES) {
      const entries = Object.entries(data[table] as Record<string | number, unknown>);
      for (let at = 0; at < entries.length; at += WRITE_BATCH) {
        await nextTask();
        const tx = db.transaction(table, 'readwrite');
        const store = tx.objectStore(table);
        const puts = entries.slice(at, at + WRITE_BATCH).map(([key, row]) => store.put(row, table === 'members' ? key : Number(key)));
        await Promise.all([...puts, tx.done]);
      }
    }
    await db.put('meta', metaRecord(data, lastUsed), META_KEY);
  }

  return {
    async load() {
      try {
        return await read();
      } catch {
        db.close();
        await deleteDB(name);
        db = await openStoreDb(name, version);
        return null;
      }
    },
    async write(data, dirty, lastUsed) {
      if (data.syncId === null) return;
      if (dirty.all) return writeAll(data, lastUsed);
      const tx = db.transaction([...TABLES, 'meta'], 'readwrite');
      const meta = tx.objectStore('meta');
      const stored = (await meta.get(META_KEY)) as Meta | undefined;
      // Another tab further ahead wrote last: its data is newer than ours, keep it.
      if (stored && stored.syncId > data.syncId) {
        tx.abort();
        return tx.done.catch(() => undefined);
      }
      const work: Promise<unknown>[] = [];
      for (const table of TABLES) {
        const store = tx.objectStore(table);
        const rows = data[table] as Record<string | number, unknown>;
        for (const key of dirty.put.get(table) ?? []) if (rows[key] !== undefined) work.push(store.put(rows[key], key));
        for (const key of dirty.del.get(table) ?? []) work.push(store.delete(key));
      }
      work.push(meta.put(metaRecord(data, lastUsed), META_KEY));
      await Promise.all([...work, tx.done]);
    },
    async putEdit(entry) {
      await db.put(OUTBOX, entry, entry.id);
    },
    async deleteEdit(id) {
      await db.delete(OUTBOX, id);
    },
    async wipe() {
      db.close();
      await deleteDB(name);
    },
    close() {
      db.close();
    },
  };
}

/**
 * Opens the user's database and reads it into `state` (status `idle`: readable, not yet connected).
 * Null: no IndexedDB to use (private mode, a blocked or hung database); the store is memory only.
 */
export async function loadStored(userId: number, state: SyncState, early: EarlyRead | null = null, timeoutMs = OPEN_TIMEOUT_MS): Promise<Persist | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const mine = early?.userId === userId ? early : null;
  // Nothing stored: screens ask the API now rather than once the new database exists.
  void mine?.raw.then((raw) => raw === null && state.status === 'loading' && (state.status = 'bootstrapping'), () => undefined);
  const opening = openPersist(userId, SCHEMA_VERSION, mine);
  const gaveUp = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  try {
    const persist = await Promise.race([opening, gaveUp]);
    if (!persist) {
      void opening.then((p) => p.close(), () => undefined); // answered too late: memory only
      return null;
    }
    const loaded = await persist.load();
    if (loaded) {
      Object.assign(state, asRows(loaded.data));
      state.status = 'idle';
      restoreLastUsed(loaded.lastUsed);
    }
    return persist;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
