import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './engine.ts';
import { answer, FakeEventSource, fakeHttp, networkDown, noChanges, refuse, type Route } from './engine-fakes.ts';
import { dbName } from './persist.ts';
import { bootstrapOf, issue, project, status } from './test-data.ts';
import { setSessionUser } from '../lib/session-token.ts';

const engines: SyncEngine[] = [];
function start(routes: Record<string, Route>, options: Partial<SyncEngineOptions> = {}) {
  const http = fakeHttp(routes);
  const engine = createSyncEngine({ userId: 1, http, EventSource: FakeEventSource, persist: false, events: null, ...options });
  engines.push(engine);
  return { engine, http, started: engine.start().then(() => engine.settled()) };
}
const ids = (engine: SyncEngine) => Object.keys(engine.state.issues).map(Number);

beforeEach(() => {
  FakeEventSource.all = [];
});
afterEach(async () => {
  for (const e of engines.splice(0)) e.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const d of await indexedDB.databases()) if (d.name) indexedDB.deleteDatabase(d.name);
});

describe('the sync engine', () => {
  it('bootstraps every page of issues, catches up from the snapshot, then streams from there', async () => {
    const { engine, http, started } = start({
      '/api/sync/bootstrap': answer(bootstrapOf({ issues: [issue(4, 2), issue(3, 1)], nextBefore: 3 })),
      '/api/sync/issues': (q) => (q?.before === 3 ? { issues: [issue(2, 1)], nextBefore: 2 } : { issues: [issue(1, 1)], nextBefore: null }),
      '/api/sync/changes': (q) => (q?.since === 5 ? { changes: [{ entity: 'issue', id: 2, data: issue(2, 1, { title: 'Caught up' }) }], syncId: 8, more: false } : noChanges(q)),
    });
    await started;
    expect(http.calls).toEqual(['/api/sync/bootstrap', '/api/sync/issues?before=3', '/api/sync/issues?before=2', '/api/sync/changes?since=5&limit=1000']);
    expect(ids(engine)).toEqual([1, 2, 3, 4]);
    expect(engine.state.issues[2]?.title).toBe('Caught up');
    expect(engine.state.status).toBe('bootstrapping');
    expect(FakeEventSource.last?.url).toBe('/api/sync/stream?since=8');
    expect(FakeEventSource.last?.init).toEqual({ withCredentials: true });
    FakeEventSource.last!.open();
    expect(engine.state.status).toBe('live');
    FakeEventSource.last!.send([{ entity: 'issue', id: 1, data: null }], 9);
    await expect.poll(() => ids(engine)).toEqual([2, 3, 4]);
    expect(engine.state.syncId).toBe(9);
  });

  it('passes the session token to the stream in the query, for the cookieless Telegram frame', async () => {
    vi.stubGlobal('sessionStorage', { getItem: () => 'tok en' });
    const { started } = start({ '/api/sync/bootstrap': answer(bootstrapOf()), '/api/sync/changes': noChanges });
    await started;
    expect(FakeEventSource.last?.url).toBe('/api/sync/stream?since=5&session_token=tok%20en');
  });

  it('names the page\'s user in the stream\'s query, so a session another account took over is refused', async () => {
    setSessionUser(7);
    try {
      const { started } = start({ '/api/sync/bootstrap': answer(bootstrapOf()), '/api/sync/changes': noChanges });
      await started;
      expect(FakeEventSource.last?.url).toBe('/api/sync/stream?since=5&session_user=7');
    } finally {
      setSessionUser(null);
    }
  });

  it('loads a project that arrives in the feed but is not held, with its own bootstrap', async () => {
    const { engine, http, started } = start({
      '/api/sync/bootstrap': (q) =>
        q?.project === 3 ? bootstrapOf({ syncId: 12, projects: [project(3, 'PC')], statuses: [status(30, 3)], issues: [issue(30, 3)], nextBefore: 30 }) : bootstrapOf(),
      '/api/sync/issues': (q) => ({ issues: q?.project === 3 ? [issue(29, 3)] : [], nextBefore: null }),
      '/api/sync/changes': noChanges,
    });
    await started;
    FakeEventSource.last!.send([{ entity: 'project', id: 3, data: project(3, 'PC') }], 10);
    await expect.poll(() => ids(engine)).toEqual([1, 2, 3, 4, 29, 30]);
    expect(http.calls).toContain('/api/sync/issues?before=30&project=3');
    expect(engine.state.statuses[30]).toBeDefined();
    expect(engine.state.evicted).toEqual({});
    expect(engine.state.syncId).toBe(10);
  });

  it('starts over with a bootstrap when the stream says the log no longer reaches its position', async () => {
    let round = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { engine, started } = start({
      '/api/sync/bootstrap': async () => (++round === 1 ? bootstrapOf() : (await held, bootstrapOf({ syncId: 50, issues: [issue(7, 1)] }))),
      '/api/sync/changes': noChanges,
    });
    await started;
    FakeEventSource.last!.expire();
    await expect.poll(() => engine.state.status).toBe('bootstrapping');
    // The old rows stay on screen until the new bootstrap replaces them.
    expect(ids(engine)).toEqual([1, 2, 3, 4]);
    release();
    await expect.poll(() => ids(engine)).toEqual([7]);
    expect(engine.state.syncId).toBe(50);
    expect(FakeEventSource.last?.url).toBe('/api/sync/stream?since=50');
  });

  it('bootstraps again when the catch-up is refused as sync_expired', async () => {
    const { engine, http, started } = start({ '/api/sync/bootstrap': answer(bootstrapOf()), '/api/sync/changes': refuse(409, 'sync_expired') });
    engine.state.syncId = 3;
    await started;
    await expect.poll(() => http.calls).toContain('/api/sync/bootstrap');
    await expect.poll(() => engine.state.syncId).toBe(5);
  });

  it('wipes the store and its database and signs out on a 401', async () => {
    const signedOut = vi.fn();
    const routes: Record<string, Route> = { '/api/sync/bootstrap': answer(bootstrapOf()), '/api/sync/changes': noChanges };
    const { engine, started } = start(routes, { persist: true, onSignedOut: signedOut, writeDelay: 0 });
    await started;
    await engine.flush();
    expect((await indexedDB.databases()).map((d) => d.name)).toContain(dbName(1));
    routes['/api/sync/changes'] = refuse(401);
    FakeEventSource.last!.fail();
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledWith('ended'), { timeout: 5000 });
    expect(ids(engine)).toEqual([]);
    expect(engine.state.status).toBe('idle');
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(dbName(1));
  });

  it('on a session another account took over, stops and keeps the database (its queued edits wait for their user)', async () => {
    const signedOut = vi.fn();
    const routes: Record<string, Route> = { '/api/sync/bootstrap': answer(bootstrapOf()), '/api/sync/changes': noChanges };
    const { engine, started } = start(routes, { persist: true, onSignedOut: signedOut, writeDelay: 0 });
    await started;
    await engine.flush();
    routes['/api/sync/changes'] = refuse(401, 'session_changed');
    FakeEventSource.last!.fail();
    await vi.waitFor(() => expect(signedOut).toHaveBeenCalledWith('changed'), { timeout: 5000 });
    expect((await indexedDB.databases()).map((d) => d.name)).toContain(dbName(1));
  });

  it('goes offline on network errors, keeps serving the store, and reconnects from its position with backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const routes: Record<string, Route> = { '/api/sync/bootstrap': answer(bootstrapOf()), '/api/sync/changes': noChanges };
    const { engine, http, started } = start(routes);
    await started;
    routes['/api/sync/changes'] = networkDown;
    FakeEventSource.last!.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(engine.state.status).toBe('offline');
    expect(ids(engine)).toEqual([1, 2, 3, 4]);
    routes['/api/sync/changes'] = noChanges;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(http.calls.filter((c) => c.startsWith('/api/sync/changes'))).toHaveLength(3);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.last?.url).toBe('/api/sync/stream?since=5');
  });

  it('waits for the browser to be online before asking anything', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const events = new EventTarget();
    const { engine, http, started } = start({ '/api/sync/bootstrap': answer(bootstrapOf()), '/api/sync/changes': noChanges }, { events });
    await started;
    expect(engine.state.status).toBe('offline');
    expect(http.calls).toEqual([]);
    vi.stubGlobal('navigator', { onLine: true });
    events.dispatchEvent(new Event('online'));
    await expect.poll(() => ids(engine)).toEqual([1, 2, 3, 4]);
  });

  it('reopens the stream after a batch it cannot read, catching up over HTTP instead of skipping it', async () => {
    const { engine, started } = start({ '/api/sync/bootstrap': answer(bootstrapOf()), '/api/sync/changes': noChanges }, { EventSource: FakeEventSource });
    await started;
    FakeEventSource.last!.send('not json', 9);
    await expect.poll(() => FakeEventSource.all.length, { timeout: 5000 }).toBe(2);
    expect(engine.state.syncId).toBe(5);
  });
});
