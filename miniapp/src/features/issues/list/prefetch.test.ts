import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueries, readQuery } from '../../../lib/query.ts';
import { syncState } from '../../../store/index.ts';

const listIssues = vi.fn();
vi.mock('../api.ts', () => ({ listIssues: (...args: unknown[]) => listIssues(...args) }));
const { prefetchIssueList } = await import('./prefetch.ts');
const { issuePagesKey } = await import('./use-issue-pages.ts');

const answer = { issues: [], nextCursor: null };
const key = issuePagesKey({ sort: 'updated', order: 'desc' });

beforeEach(() => {
  clearQueries();
  listIssues.mockReset().mockResolvedValue(answer);
  syncState().syncId = null;
  syncState().status = 'idle';
});

describe("the issues route's list prefetch", () => {
  it('asks the first page when the store holds nothing, into the entry the list reads, once', async () => {
    syncState().status = 'bootstrapping';
    await prefetchIssueList('');
    await prefetchIssueList(''); // a second intent while fresh: no second call
    expect(listIssues).toHaveBeenCalledTimes(1);
    expect(listIssues.mock.calls[0]![0]).toEqual({ sort: 'updated', order: 'desc', limit: 50 });
    await vi.waitFor(() => expect(readQuery(key).data).toEqual(answer));
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
