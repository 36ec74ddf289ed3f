import { describe, expect, it } from 'vitest';
import { answer, fakeHttp, refuse } from './engine-fakes.ts';
import { createSyncState } from './model.ts';
import { syncReads } from './reads.ts';
import { storeProject } from './projects.ts';
import { bootstrapOf, issue, project, status } from './test-data.ts';
import { createWriter } from './writer.ts';

/** A promise the test settles when it likes. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the first bootstrap', () => {
  it('is asked at once; its small tables show when it answers, its issues once the page is ready', async () => {
    const state = createSyncState();
    const http = fakeHttp({ '/api/sync/bootstrap': answer(bootstrapOf({ projects: [project(1, 'WEB')], statuses: [status(10, 1)], issues: [issue(1, 1), issue(2, 1)] })) });
    const ready = gate();
    const done = syncReads(http, state, createWriter(state, {})).bootstrap(ready.opened);
    await Promise.resolve();
    expect(http.calls).toEqual(['/api/sync/bootstrap']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A list whose rows came from the API finds the project's statuses; the store answers no list yet.
    expect(storeProject(state, 1)?.statuses.map((s) => s.id)).toEqual([10]);
    expect(Object.keys(state.issues)).toEqual([]);
    expect(state.syncId).toBeNull();
    ready.open();
    await done;
    expect(Object.keys(state.issues).map(Number).sort()).toEqual([1, 2]);
    expect(state.syncId).not.toBeNull();
  });

  it('throws a refusal as it comes', async () => {
    const state = createSyncState();
    const http = fakeHttp({ '/api/sync/bootstrap': refuse(503) });
    await expect(syncReads(http, state, createWriter(state, {})).bootstrap(new Promise(() => undefined))).rejects.toMatchObject({ status: 503 });
    expect(state.projects).toEqual({});
  });
});
