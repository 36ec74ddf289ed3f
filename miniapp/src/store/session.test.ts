import { afterEach, describe, expect, it } from 'vitest';
import { answer, fakeHttp, noChanges } from './engine-fakes.ts';
import { signOutSync, startSync, syncEngine, syncState } from './session.ts';
import { bootstrapOf, issue } from './test-data.ts';

const serve = (issues: number[]) => fakeHttp({ '/api/sync/bootstrap': answer(bootstrapOf({ issues: issues.map((id) => issue(id, 1)) })), '/api/sync/changes': noChanges });
const ids = () => Object.keys(syncState().issues).map(Number);

afterEach(signOutSync);

describe('the app-wide sync session', () => {
  it('keeps one engine per signed-in user and shows nothing of the previous user after a switch', async () => {
    const first = await startSync(1, { http: serve([1, 2]), EventSource: null, persist: false, events: null });
    await first.settled();
    expect(ids()).toEqual([1, 2]);
    expect(await startSync(1, { http: serve([9]) })).toBe(first);

    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const http = serve([3]);
    const second = await startSync(2, { http: { get: async (path, o) => (await held, http.get(path, o)) }, EventSource: null, persist: false, events: null });
    expect(second).not.toBe(first);
    expect(ids()).toEqual([]);
    release();
    await second.settled();
    expect(ids()).toEqual([3]);
  });

  it('sign-out empties the store and forgets the engine', async () => {
    await (await startSync(1, { http: serve([1]), EventSource: null, persist: false, events: null })).settled();
    await signOutSync();
    expect(ids()).toEqual([]);
    expect(syncEngine()).toBeNull();
  });
});
