import { beforeEach, describe, expect, it, vi } from 'vitest';
import { syncState } from '../../sync/index.ts';

const listIssues = vi.fn();
vi.mock('../api.ts', () => ({ listIssues: (...args: unknown[]) => listIssues(...args) }));
const { prefetchIssueList, takeAnsweredList, takePrefetchedList } = await import('./prefetch.ts');

const answer = { issues: [], nextCursor: null };
const key = JSON.stringify({ sort: 'updated', order: 'desc' });

beforeEach(() => {
  listIssues.mockReset().mockResolvedValue(answer);
  syncState().syncId = null;
  syncState().status = 'idle';
});

describe("the issues route's list prefetch", () => {
  it('asks the first page when the store holds nothing, and hands it over once', async () => {
    syncState().status = 'bootstrapping';
    await prefetchIssueList('');
    expect(listIssues).toHaveBeenCalledWith({ sort: 'updated', order: 'desc', limit: 50 });
    await Promise.resolve();
    expect(takeAnsweredList(key)).toBe(answer);
    expect(takeAnsweredList(key)).toBeNull();
    expect(takePrefetchedList(key)).toBeNull();
  });

  it('waits for the local read, and asks nothing when the store can answer', async () => {
    syncState().status = 'loading';
    const done = prefetchIssueList('?sort=title&order=asc');
    syncState().syncId = 7;
    syncState().status = 'idle';
    await done;
    expect(listIssues).not.toHaveBeenCalled();
  });

  it('asks the server for what only it can filter (text search), and not for a board', async () => {
    syncState().syncId = 7;
    await prefetchIssueList('?q=login');
    expect(listIssues).toHaveBeenCalledTimes(1);
    await prefetchIssueList('?layout=board');
    expect(listIssues).toHaveBeenCalledTimes(1);
  });
});
