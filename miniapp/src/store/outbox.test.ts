import 'fake-indexeddb/auto';
import type { IssueDetail } from '@tracker/shared/api/issues';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http.ts';
import { createSyncEngine, type SyncEngineOptions } from './engine.ts';
import { answer, cleanEngines, FakeEventSource, fakeHttp, noChanges } from './engine-fakes.ts';
import { bootstrapOf, issue } from './test-data.ts';

// Optimistic writes: shown at once, sent in order, confirmed, rolled back on refusal, kept while
// the network is down (and across a reload), with the fields a later write kept reported.
interface Sent {
  path: string;
  method: string;
  body: Record<string, unknown>;
}
type Answer = (sent: Sent) => Promise<{ issue: Partial<IssueDetail>; overridden?: string }>;

const engines = cleanEngines();
function start(server: Answer, options: Partial<SyncEngineOptions> = {}) {
  const sent: Sent[] = [];
  const http = {
    ...fakeHttp({ '/api/sync/bootstrap': answer(bootstrapOf()), '/api/sync/changes': noChanges }),
    request: async <T,>(path: string, o: { method?: string; body?: unknown; onResponse?: (res: Response) => void } = {}): Promise<T> => {
      const s = { path, method: o.method ?? 'GET', body: o.body as Record<string, unknown> };
      sent.push(s);
      const r = await server(s);
      o.onResponse?.(new Response(null, { headers: r.overridden ? { 'overridden-fields': r.overridden } : {} }));
      return { issue: r.issue } as T;
    },
  };
  const engine = createSyncEngine({ userId: 7, http, EventSource: FakeEventSource, events: null, writeDelay: 0, ...options });
  engines.push(engine);
  return { engine, sent, started: engine.start().then(() => engine.settled()) };
}

/** The server's answer: the issue as stored with the patch applied, a minute newer. */
const saved = (id: number, patch: Record<string, unknown>) => ({ ...issue(id, 1), ...patch, updatedAt: new Date(Date.UTC(2026, 5, 1)).toISOString(), version: 2 }) as unknown as IssueDetail;

afterEach(() => vi.unstubAllGlobals());

describe('the outbox', () => {
  it('shows an edit at once, sends it with the time it was made, and keeps the server copy it answers', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { engine, sent, started } = start(async () => (await held, { issue: saved(1, { priority: 'high' }) }));
    await started;
    const done = engine.edit(1, { priority: 'high' }, { priority: 'high' });
    expect(engine.state.issues[1]!.priority).toBe('high'); // the same frame
    expect(sent).toEqual([{ path: '/api/issues/1', method: 'PATCH', body: { priority: 'high', editedAt: expect.any(String) } }]);
    release();
    await expect(done).resolves.toMatchObject({ overridden: [] });
    expect(engine.state.outbox).toEqual([]);
    expect(engine.state.confirmed).toEqual({});
    expect(engine.state.issues[1]!.updatedAt).toBe('2026-06-01T00:00:00.000Z');
  });

  it("rolls a refused edit back, with the server's reason to the handler, and sends the next", async () => {
    const rejected = vi.fn();
    const { engine, sent, started } = start(
      async (s) => {
        if (s.body.statusId === 999) throw new ApiError(422, 'Status is not in this project', { code: 'validation' });
        return { issue: saved(1, s.body) };
      },
      { outbox: { onRejected: rejected } },
    );
    await started;
    const before = engine.state.issues[1]!.statusId;
    const refused = engine.edit(1, { statusId: 999 }, { statusId: 999 });
    const next = engine.edit(1, { title: 'Kept' }, { title: 'Kept' });
    expect(engine.state.issues[1]).toMatchObject({ statusId: 999, title: 'Kept' });
    await expect(refused).rejects.toMatchObject({ status: 422 });
    await next;
    expect(engine.state.issues[1]).toMatchObject({ statusId: before, title: 'Kept' });
    expect(rejected).toHaveBeenCalledWith(expect.objectContaining({ issueId: 1 }), expect.objectContaining({ statusMessage: 'Status is not in this project' }));
    expect(sent.map((s) => s.body.title ?? s.body.statusId)).toEqual([999, 'Kept']);
  });

  it('keeps edits made offline across a reload and sends them in order when the network returns', async () => {
    const offline = vi.fn(async (): Promise<never> => {
      throw new TypeError('Failed to fetch');
    });
    const first = start(offline);
    await first.started;
    void first.engine.edit(2, { priority: 'low' }, { priority: 'low' }).catch(() => undefined);
    void first.engine.edit(2, { title: 'Offline title' }, { title: 'Offline title' }).catch(() => undefined);
    await expect.poll(() => offline.mock.calls.length).toBe(1); // tried once, then waits
    await first.engine.flush();
    first.engine.stop();

    let stored: Record<string, unknown> = {};
    const second = start(async ({ body: { editedAt: _, ...patch } }) => ({ issue: saved(2, (stored = { ...stored, ...patch })) }));
    await second.started;
    await expect.poll(() => second.engine.state.outbox.length).toBe(0);
    expect(second.sent.map((s) => Object.keys(s.body).filter((k) => k !== 'editedAt'))).toEqual([['priority'], ['title']]);
    expect(second.engine.state.issues[2]).toMatchObject({ priority: 'low', title: 'Offline title' });
  });

  it('an edit refused because another account took the session over stays queued on disk for its own user', async () => {
    const signedOut = vi.fn();
    const first = start(async (): Promise<never> => {
      throw new ApiError(401, 'Another account', { code: 'session_changed' });
    }, { onSignedOut: signedOut });
    await first.started;
    void first.engine.edit(2, { title: 'Mine, not theirs' }, { title: 'Mine, not theirs' }).catch(() => undefined);
    await expect.poll(() => signedOut.mock.calls).toEqual([['changed']]);
    await first.engine.flush();

    const later = start(async ({ body: { editedAt: _, ...patch } }) => ({ issue: saved(2, patch) }));
    await later.started;
    await expect.poll(() => later.sent.map((s) => s.body.title)).toEqual(['Mine, not theirs']);
  });

  it("keeps an edit made offline in one tab on disk whatever another tab writes after it", async () => {
    const offline = async (): Promise<never> => {
      throw new TypeError('Failed to fetch');
    };
    const a = start(offline);
    const b = start(offline);
    await Promise.all([a.started, b.started]);
    void a.engine.edit(3, { title: 'Made in tab A' }, { title: 'Made in tab A' }).catch(() => undefined);
    await a.engine.flush();
    // Tab B, further along the feed and without A's edit, writes its whole store afterwards.
    FakeEventSource.all.at(-1)!.send([{ entity: 'issue', id: 4, data: issue(4, 2, { title: 'From the feed' }) }], 9);
    await expect.poll(() => b.engine.state.syncId).toBe(9);
    await b.engine.flush();
    a.engine.stop();
    b.engine.stop();

    const c = start(async ({ body: { editedAt: _, ...patch } }) => ({ issue: saved(3, patch) }));
    await c.started;
    await expect.poll(() => c.sent.map((s) => s.body.title)).toEqual(['Made in tab A']);
  });

  it('shows a change from the feed under a pending edit, and reports the fields a later write kept', async () => {
    const overridden = vi.fn();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { engine, started } = start(async () => (await held, { issue: saved(3, { title: 'Theirs too', priority: 'none' }), overridden: 'priority' }), {
      outbox: { onOverridden: overridden },
    });
    await started;
    FakeEventSource.last!.open();
    const done = engine.edit(3, { priority: 'urgent' }, { priority: 'urgent' });
    FakeEventSource.last!.send([{ entity: 'issue', id: 3, data: issue(3, 1, { title: 'Theirs too', updatedAt: '2026-03-01T00:00:00.000Z' }) }], 6);
    await expect.poll(() => engine.state.issues[3]!.title).toBe('Theirs too');
    expect(engine.state.issues[3]!.priority).toBe('urgent'); // still ours until the answer
    release();
    await done;
    expect(engine.state.issues[3]!.priority).toBe('none');
    expect(overridden).toHaveBeenCalledWith(expect.objectContaining({ issueId: 3 }), ['priority']);
  });
});
