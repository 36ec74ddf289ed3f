import { describe, expect, it, vi } from 'vitest';

const page = vi.fn((ref: string | number) => Promise.resolve({ ref }));
vi.mock('../api-detail.ts', () => ({ issueApi: { page } }));
const { issuePageData, prefetchIssuePage } = await import('./prefetch.ts');

describe('the issue page asked on navigation intent', () => {
  it('asks once per issue while fresh, and hands the answer to the page once', async () => {
    prefetchIssuePage('web-7', 1_000);
    prefetchIssuePage('WEB-7', 2_000); // a second hover: no second call
    expect(page).toHaveBeenCalledTimes(1);
    await expect(issuePageData('WEB-7', 3_000)).resolves.toEqual({ ref: 'web-7' });
    await expect(issuePageData('WEB-7', 4_000)).resolves.toEqual({ ref: 'WEB-7' }); // used: a later visit asks afresh
    expect(page).toHaveBeenCalledTimes(2);
  });

  it('asks nothing more when the intent comes after the page asked for itself', () => {
    page.mockClear();
    void issuePageData('WEB-9', 1_000);
    prefetchIssuePage('WEB-9', 1_500);
    expect(page).toHaveBeenCalledTimes(1);
  });

  it('does not hand over an answer older than ten seconds', () => {
    page.mockClear();
    prefetchIssuePage('WEB-8', 1_000);
    void issuePageData('WEB-8', 12_000);
    expect(page).toHaveBeenCalledTimes(2);
  });
});
