import { ROUTES } from '@tracker/shared/routes';
import { describe, expect, it } from 'vitest';
import { PAGES } from './pages.ts';

describe('page registry', () => {
  it('has exactly one lazy page per route of the shared table', () => {
    expect(Object.keys(PAGES).sort()).toEqual(ROUTES.map((r) => r.name).sort());
  });
});
