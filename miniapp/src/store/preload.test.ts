import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, fakeHttp, noChanges } from './engine-fakes.ts';
import { clearData } from './model.ts';
import { preloadSync, signOutSync, startSync, stopSync, syncState, whenStoreRead } from './session.ts';
import { readEarly } from './store-db.ts';
import { bootstrapOf, issue } from './test-data.ts';

const serve = (issues: number[]) => fakeHttp({ '/api/sync/bootstrap': answer(bootstrapOf({ issues: issues.map((id) => issue(id, 1)) })), '/api/sync/changes': noChanges });
const ids = () => Object.keys(syncState().issues).map(Number);
const options = (http: ReturnType<typeof serve>) => ({ http, EventSource: null, events: null, writeDelay: 0 });

/** A user's store on disk, then the page as a reload finds it: nothing in memory. */
async function storedFor(user: number, issues: number[]) {
  const engine = await startSync(user, options(serve(issues)));
  await engine.settled();
  await engine.flush();
  stopSync();
  clearData(syncState());
  syncState().status = 'idle';
}

const readFinished = whenStoreRead;

afterEach(async () => {
  await signOutSync();
  for (const user of [1, 2]) indexedDB.deleteDatabase(`tracker-sync-${user}`);
});

describe('reading the stored store before the app starts syncing', () => {
  it('shows the stored rows before the engine starts, and the engine carries on without a bootstrap', async () => {
    await storedFor(1, [1, 2]);
    preloadSync(1);
    expect(syncState().status).toBe('loading');
    await readFinished();
    expect(ids()).toEqual([1, 2]);

    const http = serve([7]);
    const engine = await startSync(1, options(http));
    await engine.settled();
    expect(http.calls.some((c) => c.startsWith('/api/sync/bootstrap'))).toBe(false);
    expect(ids()).toEqual([1, 2]);
  });

  it('takes over a raw read the page started before the sync code loaded', async () => {
    await storedFor(1, [3, 4]);
    const early = readEarly(1);
    expect(await early!.raw).not.toBeNull();
    preloadSync(1, early);
    await readFinished();
    expect(ids()).toEqual([3, 4]);
  });

  it('never shows one user’s stored rows to another who signs in instead', async () => {
    await storedFor(1, [1, 2]);
    preloadSync(1);
    const engine = await startSync(2, options(serve([5])));
    await engine.settled();
    expect(ids()).toEqual([5]);
  });

  it('a sign-out during the read leaves nothing in memory or on disk', async () => {
    await storedFor(1, [1, 2]);
    preloadSync(1);
    await signOutSync();
    expect(ids()).toEqual([]);
    const dbs = await indexedDB.databases();
    expect(dbs.map((d) => d.name)).not.toContain('tracker-sync-1');
  });
});
