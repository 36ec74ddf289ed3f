import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueries, readQuery, watchQuery } from '../../../lib/query.ts';

const page = vi.fn((ref: string | number) => Promise.resolve({ ref }));
vi.mock('../../../lib/api/issue-detail.ts', () => ({ issueApi: { page } }));
const { issuePageKey, loadIssuePage, prefetchIssuePage } = await import('./prefetch.ts');

afterEach(() => {
  clearQueries();
  page.mockClear();
});

describe('the issue page asked on navigation intent', () => {
  it('asks once per issue while fresh, and the page takes that answer', async () => {
    prefetchIssuePage('web-7');
    prefetchIssuePage('WEB-7'); // a second hover: no second call
    expect(page).toHaveBeenCalledTimes(1);
    const stop = watchQuery(issuePageKey('WEB-7'), () => loadIssuePage('WEB-7'), 10_000, () => undefined);
    await vi.waitFor(() => expect(readQuery(issuePageKey('WEB-7')).data).toEqual({ ref: 'web-7' }));
    expect(page).toHaveBeenCalledTimes(1);
    stop();
  });

  it('asks nothing more when the intent comes after the page asked for itself', () => {
    const stop = watchQuery(issuePageKey('WEB-9'), () => loadIssuePage('WEB-9'), 10_000, () => undefined);
    prefetchIssuePage('WEB-9');
    expect(page).toHaveBeenCalledTimes(1);
    stop();
  });
});
