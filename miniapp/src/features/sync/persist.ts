// The store in IndexedDB (idb): one database per user, so two accounts on one browser never mix,
// one object store per entity table plus `meta` (position, evictions, last use). A database of
// another schema version, or one that fails to read or validate, is deleted: the caller bootstraps.
import { customFieldSchema } from '@tracker/shared/api/custom-fields';
import { commentSchema, issueListItemSchema, savedViewSchema, type IssueListItem } from '@tracker/shared/api/issues';
import { userRefSchema } from '@tracker/shared/api/common';
import { syncLabelSchema, syncMemberSchema, syncProjectSchema, syncStatusSchema, syncStreamSchema } from '@tracker/shared/api/sync';
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import type { Snapshot } from 'valtio';
import { z } from 'zod';
import { TABLES, type Dirty, type Table } from './dirty.ts';
import { restoreLastUsed } from './lru.ts';
import { asRows, emptyData, type SyncData, type SyncState } from './model.ts';
import { outboxEntrySchema, type OutboxEntry } from './outbox-model.ts';

/** Bump on any change of what is stored: older databases are discarded, not migrated. */
export const SCHEMA_VERSION = 5;

const schemas = {
  projects: syncProjectSchema,
  statuses: syncStatusSchema,
  labels: syncLabelSchema,
  members: syncMemberSchema,
  users: userRefSchema,
  issues: issueListItemSchema,
  comments: commentSchema,
  customFields: customFieldSchema,
  views: savedViewSchema,
  streams: syncStreamSchema,
} satisfies Record<Table, z.ZodType>;

const metaSchema = z.object({
  syncId: z.number().int(),
  evicted: z.array(z.number().int()),
  lastUsed: z.array(z.tuple([z.number().int(), z.number()])),
  /** The server's copies of the issues that edits not yet confirmed touch (the edits: `OUTBOX`). */
  confirmed: z.array(issueListItemSchema),
});
export type Meta = z.infer<typeof metaSchema>;
const META_KEY = 'state';
/**
 * Edits not yet confirmed, one record each, written at once in a transaction of their own: another
 * tab's writes (which may be skipped as behind, or carry that tab's own edits) never drop them.
 */
const OUTBOX = 'outbox';

export const dbName = (userId: number) => `tracker-sync-${userId}`;
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

async function open(name: string, version: number): Promise<IDBPDatabase> {
  const create = () =>
    openDB(name, version, {
      // Any older layout is dropped whole: a fresh bootstrap is cheaper than a migration to maintain.
      upgrade(db) {
        for (const store of [...db.objectStoreNames]) db.deleteObjectStore(store);
        for (const table of [...TABLES, 'meta', OUTBOX]) db.createObjectStore(table);
      },
      // Another tab of an older build holds the old version open: it lets go (and re-opens on reload).
      blocking() {},
    });
  try {
    return await create();
  } catch {
    // A newer version (a rolled-back deployment) or a broken file: start over.
    await deleteDB(name);
    return create();
  }
}

export async function openPersist(userId: number, version = SCHEMA_VERSION): Promise<Persist> {
  const name = dbName(userId);
  let db = await open(name, version);
  db.addEventListener('versionchange', () => db.close());

  async function read(): Promise<Loaded | null> {
    const tx = db.transaction([...TABLES, 'meta'], 'readonly');
    // Every table asked at once in the one transaction: read one after another, the tables cost a
    // round trip each (about 0.4 s for a 2,000-issue store at a quarter of a phone's CPU).
    const [rawMeta, ...tables] = await Promise.all([
      tx.objectStore('meta').get(META_KEY) as Promise<unknown>,
      ...TABLES.map((table) => Promise.all([tx.objectStore(table).getAllKeys(), tx.objectStore(table).getAll()])),
    ]);
    if (rawMeta === undefined) return null;
    const meta = metaSchema.parse(rawMeta);
    const data = emptyData();
    TABLES.forEach((table, t) => {
      const [keys, values] = tables[t]!;
      const rows = z.array(schemas[table] as z.ZodType).parse(values) as { id?: number }[];
      const into = data[table] as Record<string | number, unknown>;
      keys.forEach((key, n) => (into[key as string | number] = rows[n]));
    });
    for (const c of Object.values(data.comments).sort((a, b) => a.id - b.id)) (data.commentsByIssue[c.issueId] ??= []).push(c.id);
    for (const p of meta.evicted) data.evicted[p] = true;
    data.syncId = meta.syncId;
    const edits = z.array(outboxEntrySchema).parse(await db.getAll(OUTBOX));
    data.outbox = edits.sort((a, b) => a.seq - b.seq || (a.id < b.id ? -1 : 1));
    for (const c of meta.confirmed) data.confirmed[c.id] = c;
    return { data, lastUsed: meta.lastUsed };
  }

  return {
    async load() {
      try {
        return await read();
      } catch {
        db.close();
        await deleteDB(name);
        db = await open(name, version);
        return null;
      }
    },
    async write(data, dirty, lastUsed) {
      if (data.syncId === null) return;
      const tx = db.transaction([...TABLES, 'meta'], 'readwrite');
      const meta = tx.objectStore('meta');
      const stored = (await meta.get(META_KEY)) as Meta | undefined;
      // Another tab further ahead wrote last: its data is newer than ours, keep it.
      if (stored && stored.syncId > data.syncId && !dirty.all) {
        tx.abort();
        return tx.done.catch(() => undefined);
      }
      const work: Promise<unknown>[] = [];
      for (const table of TABLES) {
        const store = tx.objectStore(table);
        const rows = data[table] as Record<string | number, unknown>;
        if (dirty.all) {
          work.push(store.clear());
          for (const [key, row] of Object.entries(rows)) work.push(store.put(row, table === 'members' ? key : Number(key)));
          continue;
        }
        for (const key of dirty.put.get(table) ?? []) if (rows[key] !== undefined) work.push(store.put(rows[key], key));
        for (const key of dirty.del.get(table) ?? []) work.push(store.delete(key));
      }
      const record: Meta = {
        syncId: data.syncId,
        evicted: Object.keys(data.evicted).map(Number),
        lastUsed: [...lastUsed],
        confirmed: Object.values(data.confirmed) as IssueListItem[],
      };
      work.push(meta.put(record, META_KEY));
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
export async function loadStored(userId: number, state: SyncState, timeoutMs = OPEN_TIMEOUT_MS): Promise<Persist | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const opening = openPersist(userId);
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
