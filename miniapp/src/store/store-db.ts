// The store's IndexedDB database without its schemas (issue 14): opening it and reading it raw. The
// entry imports this to start the read as the page starts, while the sync chunk (and zod, which
// validates what was read: persist.ts) still loads.
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import { TABLES } from './dirty.ts';

/** Bump on any change of what is stored: older databases are discarded, not migrated. */
export const SCHEMA_VERSION = 7;
/** The stored shape's hash at this version: stored-schema.test.ts fails when the shape changes without a bump. */
export const SCHEMA_HASH = '4f31b0008b92c6b3';
export const META_KEY = 'state';
/**
 * Edits not yet confirmed, one record each, written at once in a transaction of their own: another
 * tab's writes (which may be skipped as behind, or carry that tab's own edits) never drop them.
 */
export const OUTBOX = 'outbox';

export const dbName = (userId: number) => `tracker-sync-${userId}`;

export async function openStoreDb(name: string, version: number): Promise<IDBPDatabase> {
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

/** What the database holds, unchecked: null when it holds no store. */
export interface RawStore {
  meta: unknown;
  /** Per table of TABLES: its keys and its rows, in the same order. */
  tables: [IDBValidKey[], unknown[]][];
  outbox: unknown[];
}

export async function readRaw(db: IDBPDatabase): Promise<RawStore | null> {
  const tx = db.transaction([...TABLES, 'meta', OUTBOX], 'readonly');
  // Every table asked at once in the one transaction: read one after another, the tables cost a
  // round trip each (about 0.4 s for a 2,000-issue store at a quarter of a phone's CPU).
  const [meta, outbox, ...tables] = await Promise.all([
    tx.objectStore('meta').get(META_KEY) as Promise<unknown>,
    tx.objectStore(OUTBOX).getAll(),
    ...TABLES.map((table) => Promise.all([tx.objectStore(table).getAllKeys(), tx.objectStore(table).getAll()])),
  ]);
  // No meta: no store (never written, or a whole write cut short); edits still queued are kept.
  if (meta === undefined) return outbox.length ? { meta: undefined, tables: TABLES.map(() => [[], []] as [IDBValidKey[], unknown[]]), outbox } : null;
  return { meta, tables, outbox };
}

/** The user's database opened and read, started now (the page's first moments); errors are the caller's. */
export interface EarlyRead {
  userId: number;
  db: Promise<IDBPDatabase>;
  raw: Promise<RawStore | null>;
}

export function readEarly(userId: number): EarlyRead | null {
  if (typeof indexedDB === 'undefined') return null;
  const name = dbName(userId);
  // A first visit has no database: creating one takes a while (half a second on a slow phone), and
  // screens need not wait for it to learn that it holds nothing.
  const exists = typeof indexedDB.databases === 'function' ? indexedDB.databases().then((all) => all.some((d) => d.name === name), () => true) : Promise.resolve(true);
  const db = openStoreDb(name, SCHEMA_VERSION);
  const raw = exists.then((yes) => (yes ? db.then(readRaw) : null));
  db.catch(() => undefined); // handled where it is used; never an unhandled rejection meanwhile
  raw.catch(() => undefined);
  return { userId, db, raw };
}
