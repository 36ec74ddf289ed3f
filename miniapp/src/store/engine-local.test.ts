import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './engine.ts';
import { answer, cleanEngines, FakeEventSource, fakeHttp, noChanges, type Route } from './engine-fakes.ts';
import { touchProject } from './lru.ts';
import { projectSizes } from './evict.ts';
import { openPersist } from './persist.ts';
import { continues } from './tabs.ts';
import { bootstrapOf, issue, project } from './test-data.ts';

// The engine's local side: IndexedDB at start, tabs, the size limit.
const engines = cleanEngines();
function start(routes: Record<string, Route>, options: Partial<SyncEngineOptions> = {}) {
  const http = fakeHttp(routes);
  const engine = createSyncEngine({ userId: 1, http, EventSource: FakeEventSource, events: null, writeDelay: 0, ...options });
  engines.push(engine);
  return { engine, http, started: engine.start() };
}
const ids = (engine: SyncEngine) => Object.keys(engine.state.issues).map(Number);
const routes = (): Record<string, Route> => ({ '/api/sync/bootstrap': answer(bootstrapOf()), '/api/sync/changes': noChanges });


describe('the sync engine, locally', () => {
  it('renders from IndexedDB before any answer, then catches up from the stored position', async () => {
    const first = start(routes());
    await first.started;
    await first.engine.settled();
    await first.engine.flush();
    first.engine.stop();

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const second = start({ '/api/sync/changes': async (q) => (await held, { changes: [{ entity: 'issue', id: 1, data: null }], syncId: Number(q?.since) + 1, more: false }) });
    await second.started;
    expect(ids(second.engine)).toEqual([1, 2, 3, 4]);
    expect(second.http.calls).toEqual(['/api/sync/changes?since=5&limit=1000']);
    release();
    await expect.poll(() => ids(second.engine)).toEqual([2, 3, 4]);
    expect(FakeEventSource.last?.url).toBe('/api/sync/stream?since=6');
  });

  it('applies in other tabs the batches one tab received, and a sign-out in one tab wipes the others', async () => {
    const a = start(routes(), { persist: false });
    const signedOut = vi.fn();
    const b = start(routes(), { persist: false, EventSource: null, onSignedOut: signedOut });
    await Promise.all([a.started, b.started]);
    await Promise.all([a.engine.settled(), b.engine.settled()]);
    FakeEventSource.last!.send([{ entity: 'issue', id: 2, data: issue(2, 1, { title: 'From tab A' }) }], 6);
    await expect.poll(() => b.engine.state.issues[2]?.title).toBe('From tab A');
    expect(b.engine.state.syncId).toBe(6);
    await a.engine.wipe();
    await expect.poll(() => signedOut.mock.calls.length).toBe(1);
    expect(ids(b.engine)).toEqual([]);
  });

  it('a tab takes a batch from another only when it carries on from its own position', () => {
    expect(continues(5, { from: 5, to: 6 })).toBe(true);
    expect(continues(5, { from: 3, to: 6 })).toBe(true);
    expect(continues(3, { from: 5, to: 6 })).toBe(false); // a gap: its own stream brings it
    expect(continues(6, { from: 5, to: 6 })).toBe(false); // already there
    expect(continues(null, { from: 0, to: 6 })).toBe(false);
  });

  it('evicts the least recently used project beyond the size limit and loads it again on use', async () => {
    // Room for project 1's issues only: project 2, used longer ago, goes although its id is higher.
    touchProject(2, 1);
    touchProject(1, 2);
    const { engine, http, started } = start(
      {
        ...routes(),
        '/api/sync/bootstrap': (q) => (q?.project === 2 ? bootstrapOf({ projects: [project(2, 'PB')], issues: [issue(4, 2)] }) : bootstrapOf()),
      },
      { sizeLimit: projectSizes({ issues: Object.fromEntries(bootstrapOf().issues.map((i) => [i.id, i])), comments: {} }).get(1)! + 10 },
    );
    await started;
    await engine.settled();
    await engine.flush();
    expect(ids(engine)).toEqual([1, 2, 3]);
    expect(engine.state.evicted).toEqual({ 2: true });
    await engine.ensureProject(2);
    expect(http.calls).toContain('/api/sync/bootstrap?project=2');
    expect(ids(engine)).toEqual([1, 2, 3, 4]);
  });

  it('stopping writes what the debounce still held', async () => {
    const { engine, started } = start(routes(), { writeDelay: 60_000 });
    await started;
    await engine.settled();
    await engine.flush();
    FakeEventSource.last!.send([{ entity: 'issue', id: 2, data: issue(2, 1, { title: 'Last words' }) }], 6);
    await expect.poll(() => engine.state.issues[2]?.title).toBe('Last words');
    engine.stop();
    const p = await openPersist(1);
    await expect.poll(async () => (await p.load())?.data.issues[2]?.title).toBe('Last words');
    p.close();
  });

  it('stores a bootstrap only once all its pages are in, so a reload midway bootstraps again', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { engine, http, started } = start({
      ...routes(),
      '/api/sync/bootstrap': answer(bootstrapOf({ nextBefore: 1 })),
      '/api/sync/issues': async () => (await held, { issues: [issue(0, 1)], nextBefore: null }),
    });
    await started;
    await expect.poll(() => http.calls).toContain('/api/sync/issues?before=1');
    await engine.flush();
    const p = await openPersist(1);
    expect(await p.load()).toBeNull();
    release();
    await engine.settled();
    await engine.flush();
    expect(Object.keys((await p.load())?.data.issues ?? {})).toHaveLength(5);
    p.close();
  });
});
