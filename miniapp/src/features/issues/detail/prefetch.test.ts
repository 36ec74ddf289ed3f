import { describe, expect, it, vi } from 'vitest';

const page = vi.fn((ref: string | number) => Promise.resolve({ ref }));
vi.mock('../api-detail.ts', () => ({ issueApi: { page } }));
const { prefetchIssuePage, takePrefetchedPage } = await import('./prefetch.ts');

describe('the issue page asked on navigation intent', () => {
  it('asks once per issue while fresh, and hands the answer to the page once', async () => {
    prefetchIssuePage('web-7', 1_000);
    prefetchIssuePage('WEB-7', 2_000); // a second hover: no second call
    expect(page).toHaveBeenCalledTimes(1);
    await expect(takePrefetchedPage('WEB-7', 3_000)).resolves.toEqual({ ref: 'web-7' });
    expect(takePrefetchedPage('WEB-7', 3_000)).toBeNull(); // taken: a later visit asks afresh
  });

  it('does not hand over an answer older than ten seconds', () => {
    prefetchIssuePage('WEB-8', 1_000);
    expect(takePrefetchedPage('WEB-8', 12_000)).toBeNull();
  });
});
