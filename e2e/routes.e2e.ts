// Every spec route in both languages as visitor, user and admin: the right page or redirect.
import { ROUTES } from '@tracker/shared/routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL } from './global-setup.ts';
import { launchBrowser, newContext, registerIn, watchErrors } from './browser.ts';

const sample = (path: string) => path.replace(':slug', 'hello-world').replace(':id', '1');
const prefixed = (path: string, lang: 'ru' | 'en') => (lang === 'ru' ? path : path === '/' ? '/en' : `/en${path}`);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function expectPage(page: Page, url: string, testId: string) {
  await page.goto(url);
  await page.getByTestId(testId).waitFor({ timeout: 10_000 });
}

type Role = 'visitor' | 'user' | 'admin';
const expected = (role: Role, access: string): 'page' | 'login' | 'forbidden' => {
  if (access === 'public') return 'page';
  if (role === 'visitor') return 'login';
  if (access === 'admin' && role === 'user') return 'forbidden';
  return 'page';
};

for (const role of ['visitor', 'user', 'admin'] as const) {
  describe(`as ${role}`, () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      context = await newContext(browser);
      if (role === 'user') await registerIn(context);
      if (role === 'admin') await registerIn(context, ADMIN_EMAIL, 'Admin');
      page = await context.newPage();
      errors = watchErrors(page);
    });
    afterAll(() => context?.close());

    for (const lang of ['ru', 'en'] as const) {
      it(`opens every route in ${lang}`, async () => {
        for (const route of ROUTES) {
          const url = prefixed(sample(route.path), lang);
          const outcome = expected(role, route.access);
          if (outcome === 'page') {
            await expectPage(page, url, `page-${route.name}`);
            expect(await page.locator('html').getAttribute('lang'), url).toBe(lang);
          } else if (outcome === 'forbidden') {
            await expectPage(page, url, 'forbidden-page');
          } else {
            await page.goto(url);
            await page.waitForURL((u) => u.pathname === prefixed('/user/login', lang), { timeout: 10_000 });
            expect(new URL(page.url()).searchParams.get('redirect'), url).toBe(url);
            await page.getByTestId('page-login').waitFor();
          }
        }
        expect(errors).toEqual([]);
      });
    }
  });
}

describe('unknown paths', () => {
  it('answer 404 and show the error page with the path', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of ['/that/path', '/en/that/path']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const errorPage = page.getByTestId('error-page');
      await errorPage.waitFor();
      expect(await errorPage.getAttribute('data-status')).toBe('404');
      await page.getByText(`Page Not Found: ${path}`).waitFor();
      expect(await page.title()).toContain('404');
    }
    await context.close();
  });
});
