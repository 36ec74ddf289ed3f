// Every spec route in both languages as visitor, user and admin: the right page or redirect. The
// user's own pages (public and private routes, in both languages) are opened by the narrow-screen
// sweep (layout-narrow.e2e.ts), which checks the same page and language on each; here the user
// meets the admin routes.
import { ROUTES } from '@tracker/shared/routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL } from './global-setup.ts';
import { launchBrowser, newContext, PagePool, registerIn, uniqueKey } from './browser.ts';
import { inviteToken } from './a11y-kit.ts';
import { openInApp } from './layout-fit.ts';

type Role = 'visitor' | 'user' | 'admin';

// Parameterised routes point at real records, made by the admin and visible to every signed-in user.
const ids: Record<string, string> = {};
const sample = (route: { name: string; path: string }, role: Role) => {
  const id =
    route.name.startsWith('issue') ? ids.issue
    : route.name.startsWith('project') ? ids.project
    : route.name === 'stream' ? ids.stream
    : route.name === 'cycle' ? ids.cycle
    : route.name === 'milestone' ? ids.milestone
    : route.name === 'customFieldEdit' ? ids.customField
    : role === 'admin' ? ids.admin
    : role === 'user' ? ids.user
    : '1';
  return route.path.replace(':slug', 'hello-world').replace(':token', ids.invite!).replace(':id', id ?? '1');
};
const prefixed = (path: string, lang: 'ru' | 'en') => (lang === 'ru' ? path : path === '/' ? '/en' : `/en${path}`);

let browser: Browser;
/** The signed-in user's context: made first, so the admin can make them a member of the project. */
let userContext: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  userContext = await newContext(browser);
  ids.user = String((await registerIn(userContext)).id);
  const admin = await newContext(browser);
  ids.admin = String((await registerIn(admin, ADMIN_EMAIL, 'Admin')).id);
  const post = async (path: string, data: unknown) => {
    const res = await admin.request.post(path, { data });
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
    return res.json();
  };
  const key = uniqueKey('RT');
  // Members-only, as projects are by default: one open to all would reach every other test's store.
  const { project } = await post('/api/projects', { key, name: 'Routes' });
  ids.project = project.key;
  const member = await admin.request.put(`/api/projects/${project.id}/members/${ids.user}`, { data: { role: 'member' } });
  if (!member.ok()) throw new Error(`member: ${member.status()}`);
  ids.invite = await inviteToken(admin, project.id);
  ids.issue = (await post('/api/issues', { projectId: project.id, title: 'Route check' })).issue.key;
  ids.stream = String((await post('/api/streams', { name: 'Route stream' })).stream.id);
  const cadence = await admin.request.put(`/api/projects/${project.id}/cycle-settings`, { data: { weeks: 2, startDay: 1 } });
  if (!cadence.ok()) throw new Error(`cadence: ${cadence.status()}`);
  ids.cycle = String(((await cadence.json()) as { cycles: { id: number }[] }).cycles[0]!.id);
  ids.milestone = String((await post(`/api/projects/${project.id}/milestones`, { name: 'Routes', targetDate: '2026-12-20' })).milestone.id);
  ids.customField = String((await post('/api/admin/custom-fields', { type: 'text', name: { ru: 'Поле', en: 'Field' } })).field.id);
  await admin.close();
});
afterAll(() => browser?.close());

// The page's own test id is the condition; the load event (images, fonts) adds nothing to it.
const navigate = (page: Page, url: string) => page.goto(url, { waitUntil: 'commit' });

/**
 * How a role reaches a route: the visitor and the user load each one cold, as a link from a chat
 * opens it; the admin moves inside the app, as a person does (a round of 54 cold loads was a third
 * of this file's time, and the cold start of every route is the visitor's to show).
 */
const arrive = (role: Role) => (role === 'admin' ? openInApp : navigate);
/** The routes a role opens here. */
const routesOf = (role: Role) => (role === 'user' ? ROUTES.filter((r) => r.access === 'admin') : ROUTES);

async function expectPage(page: Page, url: string, testId: string, role: Role) {
  await arrive(role)(page, url);
  await page.getByTestId(testId).waitFor({ timeout: 10_000 });
}

const expected = (role: Role, access: string): 'page' | 'login' | 'forbidden' => {
  if (access === 'public') return 'page';
  if (role === 'visitor') return 'login';
  if (access === 'admin' && role === 'user') return 'forbidden';
  return 'page';
};

// One context per role, a few of its pages loading routes at once. Every route is opened once per
// role, the languages taking turns and starting the other way for the next role: each route is
// opened in both languages, and each role meets both.
const ROLES = ['visitor', 'user', 'admin'] as const;
for (const [r, role] of ROLES.entries()) {
  describe(`as ${role}`, () => {
    let context: BrowserContext;
    let pool: PagePool;
    beforeAll(async () => {
      context = role === 'user' ? userContext : await newContext(browser);
      if (role === 'admin') await registerIn(context, ADMIN_EMAIL, 'Admin');
      pool = new PagePool(context, 3);
    });
    afterAll(() => context?.close());

    it(role === 'user' ? 'is refused every admin route, in Russian and English by turns' : 'opens every route, in Russian and English by turns', async () => {
      const visits = routesOf(role).map((route, i) => ({ route, lang: (i + r) % 2 ? ('en' as const) : ('ru' as const) }));
      await pool.run(visits, async (page, { route, lang }) => {
        const url = prefixed(sample(route, role), lang);
        const outcome = expected(role, route.access);
        if (outcome === 'page') {
          // Signed in, the home route is my work (issue 15); visitors get the marketing home.
          await expectPage(page, url, route.name === 'home' && role !== 'visitor' ? 'page-myWork' : `page-${route.name}`, role);
          expect(await page.locator('html').getAttribute('lang'), url).toBe(lang);
        } else if (outcome === 'forbidden') {
          await expectPage(page, url, 'forbidden-page', role);
        } else {
          await navigate(page, url);
          await page.waitForURL((u) => u.pathname === prefixed('/user/login', lang), { timeout: 10_000, waitUntil: 'commit' });
          expect(new URL(page.url()).searchParams.get('redirect'), url).toBe(url);
          await page.getByTestId('page-login').waitFor();
        }
      });
      expect(pool.errors()).toEqual([]);
      // Every route of the spec plus the admin pages, one navigation each: longer than one journey.
    }, 240_000);
  });
}

// Spec §2's texts word for word on the English pages, and the same in Russian on the Russian ones.
const ERROR_TEXTS = {
  ru: { notFound: (path: string) => `Страница не найдена: ${path}`, serverError: 'Внутренняя ошибка сервера' },
  en: { notFound: (path: string) => `Page Not Found: ${path}`, serverError: 'Internal Server Error' },
};

describe('error pages', () => {
  it('an unknown path answers 404 and shows the error page with the path, in each language', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const [path, lang] of [['/that/path', 'ru'], ['/en/that/path', 'en']] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const errorPage = page.getByTestId('error-page');
      await errorPage.waitFor();
      expect(await errorPage.getAttribute('data-status')).toBe('404');
      expect(await page.getByTestId('error-message').textContent()).toBe(ERROR_TEXTS[lang].notFound(path));
      expect(await page.title()).toContain('404');
    }
    await context.close();
  });

  it('a server error shows the 500 page, in each language', async () => {
    const context = await newContext(browser);
    await registerIn(context);
    const page = await context.newPage();
    // Another user's page asks the server for them; here the server fails.
    await page.route(/\/api\/users\/\d+$/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"statusMessage":"Internal Server Error"}' }));
    for (const lang of ['ru', 'en'] as const) {
      await page.goto(prefixed(`/user/${ids.admin}`, lang));
      const errorPage = page.getByTestId('error-page');
      await errorPage.waitFor();
      expect(await errorPage.getAttribute('data-status')).toBe('500');
      expect(await errorPage.getByRole('heading', { level: 1 }).textContent()).toBe(ERROR_TEXTS[lang].serverError);
      expect(await page.title()).toContain('500');
    }
    await context.close();
  });
});
