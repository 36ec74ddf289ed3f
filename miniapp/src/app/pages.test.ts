import { ROUTES } from '@tracker/shared/routes';
import { describe, expect, it } from 'vitest';
import { loadedPage, PAGES, preloadPage } from './pages.ts';

describe('page registry', () => {
  it('has exactly one lazy page per route of the shared table', () => {
    expect(Object.keys(PAGES).sort()).toEqual(ROUTES.map((r) => r.name).sort());
  });

  it('gives a page its plain component once loaded, so a preloaded page renders without suspending', async () => {
    expect(loadedPage('privacy')).toBeUndefined();
    await preloadPage('privacy');
    const { default: Privacy } = await import('../features/home/pages/PrivacyPage.tsx');
    expect(loadedPage('privacy')).toBe(Privacy);
  });
});
