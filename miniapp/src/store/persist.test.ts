import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { applyBootstrap, applyChanges } from './apply.ts';
import { Dirty } from './dirty.ts';
import { emptyData } from './model.ts';
import { dbName, openPersist, SCHEMA_VERSION, type Persist } from './persist.ts';
import { bootstrapOf, comment, issue } from './test-data.ts';

const opened: Persist[] = [];
async function persistFor(userId: number, version = SCHEMA_VERSION) {
  const p = await openPersist(userId, version);
  opened.push(p);
  return p;
}
const databases = async () => (await indexedDB.databases()).map((d) => d.name);

function stored() {
  const data = emptyData();
  const dirty = new Dirty();
  applyBootstrap(data, bootstrapOf(), dirty);
  applyChanges(data, [{ entity: 'comment', id: 7, issueId: 1, data: comment(7, 1) }], 6, dirty);
  return { data, dirty };
}

afterEach(async () => {
  for (const p of opened.splice(0)) p.close();
  for (const name of await databases()) if (name) indexedDB.deleteDatabase(name);
});

describe('the store in IndexedDB', () => {
  it('reads back what it wrote, comments indexed by issue, with the position and last use', async () => {
    const p = await persistFor(1);
    const { data, dirty } = stored();
    await p.write(data, dirty, [[1, 123]]);
    const loaded = await (await persistFor(1)).load();
    expect(loaded?.data).toEqual(data);
    expect(loaded?.lastUsed).toEqual([[1, 123]]);
  });

  it('writes only what changed after a batch', async () => {
    const p = await persistFor(1);
    const { data, dirty } = stored();
    await p.write(data, dirty, []);
    const next = new Dirty();
    applyChanges(data, [{ entity: 'issue', id: 2, data: issue(2, 1, { title: 'Renamed' }) }, { entity: 'issue', id: 1, data: null }], 9, next);
    await p.write(data, next, []);
    const loaded = await p.load();
    expect(loaded?.data.issues[2]?.title).toBe('Renamed');
    expect(loaded?.data.issues[1]).toBeUndefined();
    expect(loaded?.data.comments[7]).toBeUndefined();
    expect(loaded?.data.syncId).toBe(9);
  });

  it('writes a whole store in short transactions, the position last; cut short, it reads as no store but keeps the queued edits', async () => {
    const p = await persistFor(1);
    const { data, dirty } = stored();
    for (let id = 100; id < 500; id++) data.issues[id] = issue(id, 1);
    const edit = { id: 'e1', kind: 'update' as const, issueId: 2, body: { title: 'Mine' }, optimistic: { title: 'Mine' }, editedAt: '2026-11-29T08:00:00+00:00', seq: 1 };
    await p.putEdit(edit);
    let committed: number;
    const db = await openDB(dbName(1));
    const writing = p.write(data, dirty, []);
    // Between two batches: some issues are in, the position is not, and a reader finds no store.
    for (;;) {
      committed = await db.count('issues');
      if (committed > 0 || (await db.get('meta', 'state')) !== undefined) break;
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(committed).toBeLessThan(Object.keys(data.issues).length);
    const between = await (await persistFor(1)).load();
    expect(between?.data.syncId).toBeNull();
    expect(between?.data.outbox).toEqual([edit]);
    await writing;
    db.close();
    expect((await (await persistFor(1)).load())?.data.issues[499]).toBeDefined();
  });

  it('keeps one database per user', async () => {
    const { data, dirty } = stored();
    await (await persistFor(1)).write(data, dirty, []);
    expect(await (await persistFor(2)).load()).toBeNull();
    expect(await databases()).toEqual(expect.arrayContaining([dbName(1), dbName(2)]));
  });

  it('discards a database of an older schema version: nothing loads, so the engine bootstraps', async () => {
    const { data, dirty } = stored();
    const old = await persistFor(1, SCHEMA_VERSION);
    await old.write(data, dirty, []);
    old.close();
    const p = await persistFor(1, SCHEMA_VERSION + 1);
    expect(await p.load()).toBeNull();
    const again = stored();
    await p.write(again.data, again.dirty, []);
    expect((await p.load())?.data.syncId).toBe(6);
  });

  it('starts over on a database of a newer version (a rolled-back deployment)', async () => {
    const newer = await persistFor(1, SCHEMA_VERSION + 1);
    const { data, dirty } = stored();
    await newer.write(data, dirty, []);
    newer.close();
    const p = await persistFor(1, SCHEMA_VERSION);
    expect(await p.load()).toBeNull();
  });

  it('reads rows as they were written, unchecked: their shape is SCHEMA_VERSION\'s (stored-schema.test.ts)', async () => {
    const p = await persistFor(1);
    const { data, dirty } = stored();
    await p.write(data, dirty, []);
    p.close();
    const raw = await openDB(dbName(1));
    await raw.put('issues', { id: 99, title: 'written by this version' }, 99);
    raw.close();
    const again = await persistFor(1);
    expect((await again.load())?.data.issues[99]).toEqual({ id: 99, title: 'written by this version' });
  });

  it('deletes a database whose position record is unreadable', async () => {
    const p = await persistFor(1);
    const { data, dirty } = stored();
    await p.write(data, dirty, []);
    p.close();
    const raw = await openDB(dbName(1));
    await raw.put('meta', 'garbage', 'state');
    raw.close();
    expect(await (await persistFor(1)).load()).toBeNull();
  });

  it('a tab behind the stored position does not overwrite newer data', async () => {
    const ahead = await persistFor(1);
    const behind = await persistFor(1);
    const a = stored();
    applyChanges(a.data, [{ entity: 'issue', id: 2, data: issue(2, 1, { title: 'Newer' }) }], 10, a.dirty);
    await ahead.write(a.data, a.dirty, []);
    const b = stored();
    const late = new Dirty();
    applyChanges(b.data, [{ entity: 'issue', id: 2, data: issue(2, 1, { title: 'Older' }) }], 8, late);
    await behind.write(b.data, late, []);
    const loaded = await ahead.load();
    expect(loaded?.data.issues[2]?.title).toBe('Newer');
    expect(loaded?.data.syncId).toBe(10);
  });

  it("wipe deletes the user's database and no other", async () => {
    const { data, dirty } = stored();
    const mine = await persistFor(1);
    await mine.write(data, dirty, []);
    await (await persistFor(2)).write(data, dirty, []);
    await mine.wipe();
    expect(await databases()).not.toContain(dbName(1));
    expect(await databases()).toContain(dbName(2));
  });
});
