// Accessibility of the public pages in both languages (WCAG 2.1 A/AA rules that axe can check).
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, PagePool } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const pages = [
  ['/', 'page-home'],
  ['/en', 'page-home'],
  ['/privacy', 'page-privacy'],
  ['/user/login', 'page-login'],
  ['/en/user/create', 'page-register'],
  ['/that/path', 'error-page'],
] as const;

// One context per colour scheme; its pages are checked a few at a time.
describe('accessibility', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`public pages (${scheme}) have no WCAG A/AA violations`, async () => {
      const context = await newContext(browser, { colorScheme: scheme });
      const violations: string[] = [];
      await new PagePool(context, 3).run(pages, async (page, [path, testId]) => {
        await page.goto(path);
        await page.getByTestId(testId).waitFor();
        const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        for (const v of result.violations) violations.push(`${path}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
