import { describe, expect, it } from 'vitest';
import { ROUTES, buildPath, defineRoutes, localizePath, matchRoute, splitLocale } from './routes.ts';

const SPEC_ROUTES: Record<string, string[]> = {
  public: ['/', '/privacy', '/blog', '/blog/{slug}', '/user/login', '/user/create', '/user/confirm-email', '/user/reset-password', '/user/recover-password', '/user/telegram-username-confirm'],
  private: ['/user', '/user/{id}', '/user/profile', '/user/change_password/{id}', '/issues', '/issues/create', '/issues/{id}', '/issues/{id}/edit', '/streams', '/streams/create', '/streams/{id}', '/projects', '/projects/create', '/projects/{id}', '/projects/{id}/edit', '/calendar'],
  admin: ['/admin', '/admin/custom-fields', '/admin/custom-fields/create', '/admin/custom-fields/{id}/edit'],
};
// Admin sections beyond the spec's list (issue 6: users, redirects, blog editor), admin-only too.
const ADDED_ADMIN_ROUTES = ['/admin/users', '/admin/redirects', '/admin/blog', '/admin/blog/create', '/admin/blog/{id}/edit'];
// Private pages beyond the spec's list (issue 15: the inbox; issue 17: the timesheet, importing issues into a project;
// issue 27: the project settings' sections; issue 29: a project's cycles, a cycle's and a milestone's pages, insights, SLAs, the timeline).
const SETTINGS_SECTIONS = ['general', 'members', 'workflow', 'sla', 'labels', 'templates', 'webhooks', 'export'];
const ADDED_PRIVATE_ROUTES = ['/inbox', '/timesheet', '/insights', '/timeline', '/projects/:id/import', '/projects/:id/import/:importId', '/projects/:id/cycles', '/cycles/:id', '/milestones/:id', ...SETTINGS_SECTIONS.map((s) => `/projects/{id}/edit/${s}`)];
// Public pages beyond the spec's list (issue 25: the link that puts an old e-mail address back). Issue 26: an invite's page.
const ADDED_PUBLIC_ROUTES = ['/user/restore-email', '/invite/:token'];
const ALL_ROUTES: Record<string, string[]> = {
  ...SPEC_ROUTES,
  public: [...SPEC_ROUTES.public!, ...ADDED_PUBLIC_ROUTES],
  private: [...SPEC_ROUTES.private!, ...ADDED_PRIVATE_ROUTES],
  admin: [...SPEC_ROUTES.admin!, ...ADDED_ADMIN_ROUTES],
};

const sample = (path: string) => path.replace('{slug}', 'hello-world').replace('{id}', '42');

describe('route table', () => {
  it('holds exactly the spec routes, the added admin sections and the inbox', () => {
    const specPaths = Object.values(ALL_ROUTES).flat().map((p) => p.replace(/\{(\w+)\}/g, ':$1')).sort();
    expect(ROUTES.map((r) => r.path).sort()).toEqual(specPaths);
  });

  for (const [access, paths] of Object.entries(ALL_ROUTES)) {
    for (const path of paths) {
      for (const prefix of ['', '/en']) {
        const url = prefix + (sample(path) === '/' && prefix ? '' : sample(path));
        it(`${url || '/'} is ${access}`, () => {
          const match = matchRoute(url);
          expect(match?.route.path).toBe(path.replace(/\{(\w+)\}/g, ':$1'));
          expect(match?.route.access).toBe(access);
          expect(match?.locale).toBe(prefix ? 'en' : 'ru');
        });
      }
    }
  }

  it('prefers static segments over parameters', () => {
    expect(matchRoute('/user/profile')?.route.name).toBe('profile');
    expect(matchRoute('/issues/create')?.route.name).toBe('issueCreate');
    expect(matchRoute('/user/7')?.params).toEqual({ id: '7' });
  });

  it('matches nothing for unknown paths', () => {
    expect(matchRoute('/nope')).toBeNull();
    expect(matchRoute('/en/issues/1/edit/more')).toBeNull();
    expect(matchRoute('/projects/WEB/edit/nothing')).toBeNull();
    expect(matchRoute('/de/issues')).toBeNull();
  });

  it('throws on an unknown access level', () => {
    expect(() => defineRoutes([{ name: 'x', path: '/x', access: 'superuser' }])).toThrow(/Unknown access level "superuser"/);
  });

  it('adds and strips the language prefix', () => {
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/issues', 'en')).toBe('/en/issues');
    expect(localizePath('/issues', 'ru')).toBe('/issues');
    expect(splitLocale('/en')).toEqual({ locale: 'en', barePath: '/' });
    expect(splitLocale('/english')).toEqual({ locale: 'ru', barePath: '/english' });
    expect(buildPath('issue', { id: 5 }, 'en')).toBe('/en/issues/5');
  });
});
