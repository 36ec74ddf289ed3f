import { describe, expect, it } from 'vitest';
import { createSyncState } from './model.ts';
import { storeProject } from './projects.ts';
import { temporaryId, writeRows } from './write-rows.ts';
import { project, status } from './test-data.ts';

const label = (id: number, name: string) => ({ id, projectId: 1, name, color: '#111111' });

function store() {
  const state = createSyncState();
  state.syncId = 1;
  state.projects = { 1: project(1, 'WEB') };
  state.statuses = { 10: status(10, 1), 11: status(11, 1) };
  state.labels = { 5: label(5, 'bug') };
  state.members = { '1:7': { projectId: 1, userId: 7, role: 'owner' } };
  state.users = { 7: { id: 7, name: 'Anna' } };
  return state;
}

/** A call the test answers or refuses when it likes. */
function pending<T>() {
  let answer!: (value: T) => void;
  let refuse!: (err: Error) => void;
  const promise = new Promise<T>((resolve, reject) => ((answer = resolve), (refuse = reject)));
  return { call: () => promise, answer, refuse };
}

describe('writeRows: a project row change through the store', () => {
  it('shows the change before the answer, then takes the answer', async () => {
    const state = store();
    const call = pending<{ label: { id: number; name: string; color: string } }>();
    const write = writeRows(state, {
      optimistic: { labels: { 5: label(5, 'defect') } },
      call: call.call,
      settled: ({ label: l }) => ({ labels: { [l.id]: { ...l, projectId: 1 } } }),
    });
    expect(storeProject(state, 1)!.labels.map((l) => l.name)).toEqual(['defect']);
    call.answer({ label: { id: 5, name: 'Defect', color: '#222222' } });
    await write;
    expect(state.labels[5]).toEqual({ id: 5, projectId: 1, name: 'Defect', color: '#222222' });
  });

  it('replaces a created row’s temporary id with the server’s', async () => {
    const state = store();
    const temp = temporaryId();
    expect(temp).toBeLessThan(0);
    await writeRows(state, {
      optimistic: { labels: { [temp]: label(temp, 'ui') } },
      call: async () => ({ label: { id: 6, name: 'ui', color: '#111111' } }),
      settled: ({ label: l }) => ({ labels: { [temp]: null, [l.id]: { ...l, projectId: 1 } } }),
    });
    expect(Object.keys(state.labels).map(Number).sort()).toEqual([5, 6]);
  });

  it('rolls every touched row back on refusal and throws the server’s message', async () => {
    const state = store();
    const call = pending<never>();
    const temp = temporaryId();
    const write = writeRows(state, {
      optimistic: {
        labels: { 5: null, [temp]: label(temp, 'new') },
        statuses: { 10: { ...status(10, 1), position: 2 }, 11: { ...status(11, 1), position: 1 } },
        members: { '1:8': { projectId: 1, userId: 8, role: 'member' } },
        users: { 8: { id: 8, name: 'Boris' } },
      },
      call: call.call,
    });
    expect(storeProject(state, 1)!.statuses.map((s) => s.id)).toEqual([11, 10]);
    expect(storeProject(state, 1)!.members).toHaveLength(2);
    call.refuse(new Error('Такая метка уже есть'));
    await expect(write).rejects.toThrow('Такая метка уже есть');
    expect(storeProject(state, 1)).toEqual(storeProject(store(), 1));
    expect(state.labels[temp]).toBeUndefined();
    expect(state.users[8]).toBeUndefined();
  });

  it('keeps what the change feed brought meanwhile instead of rolling it back', async () => {
    const state = store();
    const call = pending<never>();
    const write = writeRows(state, { optimistic: { labels: { 5: label(5, 'mine') } }, call: call.call });
    state.labels[5] = label(5, 'theirs'); // the feed: someone else renamed it
    call.refuse(new Error('refused'));
    await expect(write).rejects.toThrow('refused');
    expect(state.labels[5]!.name).toBe('theirs');
  });
});
