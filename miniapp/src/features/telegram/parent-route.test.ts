import { describe, expect, it } from 'vitest';
import { isTopLevel, parentPath } from './parent-route.ts';

describe('parentPath', () => {
  it.each([
    ['/issues/TR-12', '/issues'],
    ['/en/issues/TR-12', '/en/issues'],
    ['/issues/TR-12/edit', '/issues/TR-12'],
    ['/en/issues/12/edit', '/en/issues/12'],
    ['/issues/create', '/issues'],
    ['/projects/TR', '/projects'],
    ['/projects/TR/edit', '/projects/TR'],
    ['/en/projects/create', '/en/projects'],
    ['/streams/4', '/streams'],
    ['/streams/create', '/streams'],
    ['/streams', '/'],
    ['/en/streams', '/en'],
    ['/user/change_password/3', '/user/profile'],
    ['/en/user/7', '/en'],
    ['/admin/custom-fields/5/edit', '/admin/custom-fields'],
    ['/admin/custom-fields', '/admin'],
    ['/en/admin/blog/2/edit', '/en/admin/blog'],
    ['/admin', '/user/profile'],
    ['/blog/hello', '/blog'],
    ['/no/such/page', '/'],
    ['/en/no/such/page', '/en'],
  ])('%s → %s', (from, to) => {
    expect(parentPath(from)).toBe(to);
  });

  it.each(['/', '/en', '/issues', '/en/issues', '/projects', '/calendar', '/user/profile', '/en/user/profile'])('%s is top level: no parent, no BackButton', (path) => {
    expect(isTopLevel(path)).toBe(true);
    expect(parentPath(path)).toBeNull();
  });

  it('inner pages are not top level', () => {
    expect(isTopLevel('/issues/1')).toBe(false);
    expect(isTopLevel('/streams')).toBe(false);
  });
});
