// Accessibility of the signed-in app (issue 15): every page a user and an admin work in, on the
// 1440 px desktop with its sidebar, in light and dark mode. No serious or critical axe violation.
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL } from './global-setup.ts';
import { api, launchBrowser, newContext, PagePool, registerIn, uniqueEmail, uniqueKey } from './browser.ts';

let browser: Browser;
let key = '';
let issueKey = '';
let streamId = 0;
beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await newContext(browser);
  await registerIn(admin, ADMIN_EMAIL, 'Admin');
  key = uniqueKey('AX');
  const { project } = await api<{ project: { id: number; key: string } }>(admin, 'post', '/api/projects', { key, name: 'Accessible', visibility: 'all' });
  const { issue } = await api<{ issue: { key: string } }>(admin, 'post', '/api/issues', { projectId: project.id, title: 'Check the contrast', description: 'Some **markdown** with `code`, a @mention and a key: ' + key + '-1.\n\n- [ ] to do\n- [x] done\n\n```ts\nconst answer = 42; // why\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |', priority: 'high' });
  issueKey = issue.key;
  await api(admin, 'post', `/api/issues/${issueKey}/comments`, { body: 'A comment on the issue' });
  streamId = (await api<{ stream: { id: number } }>(admin, 'post', '/api/streams', { name: 'Accessible stream' })).stream.id;
  await admin.close();
});
afterAll(() => browser?.close());

type Target = readonly [path: string, testId: string];
const userPages = (): Target[] => [
  ['/en', 'page-myWork'],
  ['/en/issues', 'page-issues'],
  ['/en/issues?layout=board&project=' + key, 'page-issues'],
  ['/en/issues?group=status', 'page-issues'],
  [`/en/issues/${issueKey}`, 'page-issue'],
  ['/en/issues/create', 'page-issueCreate'],
  ['/en/projects', 'page-projects'],
  [`/en/projects/${key}`, 'page-project'],
  ['/en/streams', 'page-streams'],
  [`/en/streams/${streamId}`, 'page-stream'],
  ['/en/calendar', 'page-calendar'],
  ['/en/inbox', 'page-inbox'],
  ['/en/timesheet', 'page-timesheet'],
  ['/en/user/profile', 'page-profile'],
  ['/user', 'page-me'],
];
const adminPages = (): Target[] => [
  ['/en/admin', 'page-admin'],
  ['/en/admin/users', 'page-adminUsers'],
  ['/en/admin/custom-fields', 'page-customFields'],
  ['/en/admin/blog', 'page-adminBlog'],
  ['/en/admin/redirects', 'page-adminRedirects'],
];

describe('accessibility of the app', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`user and admin pages (${scheme}) have no serious or critical violation`, async () => {
      const violations: string[] = [];
      for (const role of ['user', 'admin'] as const) {
        const context = await newContext(browser, { colorScheme: scheme, viewport: { width: 1440, height: 900 } });
        await registerIn(context, role === 'admin' ? ADMIN_EMAIL : uniqueEmail('axe'), role === 'admin' ? 'Admin' : 'Axe User');
        const pages = role === 'admin' ? adminPages() : userPages();
        await new PagePool(context, 2).run(pages, async (page, [path, testId]) => {
          await page.goto(path);
          await page.getByTestId(testId).waitFor();
          await page.getByTestId('sidebar').waitFor();
          const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
          for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
            violations.push(`${role} ${path}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          }
        });
        await context.close();
      }
      expect(violations).toEqual([]);
    }, 180_000);
  }
});
