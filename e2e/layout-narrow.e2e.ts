// Every route of the route table fits a phone 320–430 px wide (and 375, the common one), in Russian (longer words) and English,
// as the page of its route in that language with no console error (routes.e2e.ts leaves these visits to this file):
// the page never scrolls sideways and nothing sticks out to the right, except inside a container
// that scrolls on its own (the board, tables, the calendar grid). The data is realistic: long
// titles, labels, names and e-mails, a stream with an update, a comment and an attachment.
import { ROUTES, type Route } from '@tracker/shared/routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL } from './global-setup.ts';
import { api, launchBrowser, newContext, PagePool, registerIn, uniqueEmail, uniqueKey } from './browser.ts';
import { inviteToken } from './a11y-kit.ts';
import { measureOverflow, measureTabBar, openInApp, settled, trackContext } from './layout-fit.ts';
import { launchUrl, telegramClient, tgUser, tgViolations } from './telegram-client.ts';

const WIDTHS = [320, 375, 430] as const;
const LONG = 'Переподключение_синхронизации_уведомлений_после_обновления_приложения';

let browser: Browser;
let user: BrowserContext;
let admin: BrowserContext;
const ids: Record<string, string> = {};

const sample = (route: Route) =>
  route.path
    .replace(':slug', ids.post!)
    .replace(':token', ids.invite!)
    .replace(':id', route.name.startsWith('issue') ? ids.issue! : route.name.startsWith('project') ? ids.project! : route.name === 'stream' ? ids.stream! : route.name === 'customFieldEdit' ? ids.field! : route.name === 'adminPostEdit' ? ids.postId! : ids.user!);
const prefixed = (path: string, lang: 'ru' | 'en') => (lang === 'ru' ? path : path === '/' ? '/en' : `/en${path}`);

beforeAll(async () => {
  browser = await launchBrowser();
  user = await newContext(browser, { viewport: { width: WIDTHS[0], height: 640 }, isMobile: true, hasTouch: true });
  admin = await newContext(browser, { viewport: { width: WIDTHS[0], height: 640 }, isMobile: true, hasTouch: true });
  await trackContext(user);
  await trackContext(admin);
  await registerIn(admin, ADMIN_EMAIL, 'Admin');
  const me = await registerIn(user, uniqueEmail('very-long-mailbox-name-for-layout-checks'), 'Александра Константиновна Переподвыподверт-Щедрина');
  ids.user = String(me.id);
  const key = uniqueKey('LF');
  const { project } = await api<{ project: { id: number; key: string } }>(user, 'post', '/api/projects', { key, name: 'Мобильное приложение для полевых инженеров и диспетчеров', description: LONG });
  ids.project = project.key;
  ids.projectId = String(project.id);
  ids.invite = await inviteToken(user, project.id);
  const { label } = await api<{ label: { id: number } }>(user, 'post', `/api/projects/${project.id}/labels`, { name: 'Высокоприоритетная_регрессия_интерфейса', color: '#b91c1c' });
  const { stream } = await api<{ stream: { id: number } }>(user, 'post', '/api/streams', { name: 'Подготовка к выпуску версии 2.0 для магазинов приложений', description: LONG, startDate: '2026-11-01', targetDate: '2026-12-20' });
  ids.stream = String(stream.id);
  await api(user, 'post', `/api/streams/${stream.id}/updates`, { body: `Идём по плану: ${LONG}`, health: 'at_risk' });
  const issue = async (title: string, dueDate: string | null) =>
    (await api<{ issue: { id: number; key: string } }>(user, 'post', '/api/issues', { projectId: project.id, title, description: `${LONG}\n\n\`\`\`\n${LONG} ${LONG}\n\`\`\``, priority: 'high', assigneeId: me.id, labelIds: [label.id], streamIds: [stream.id], startDate: '2026-11-20', dueDate })).issue;
  const first = await issue(`Неработающая синхронизация черновиков при переключении учётных записей ${LONG}`, '2026-11-26');
  await issue('Длинное_название_без_пробелов_которое_не_помещается_в_узкую_карточку_доски', '2026-11-27');
  ids.issue = first.key;
  await api(user, 'post', `/api/issues/${first.id}/comments`, { body: `@admin посмотрите ${LONG} https://example.com/${LONG}/${LONG}` });
  const file = await user.request.post(`/api/issues/${first.id}/attachments`, { data: Buffer.from('log line\n'.repeat(50)), headers: { 'content-type': 'text/plain', 'x-file-name': encodeURIComponent(`журнал_синхронизации_${LONG}.txt`) } });
  if (!file.ok()) throw new Error(`attachment: ${file.status()} ${await file.text()}`);
  ids.field = String((await api<{ field: { id: number } }>(admin, 'post', '/api/admin/custom-fields', { type: 'text', name: { ru: 'Ответственный_за_согласование_с_заказчиком', en: 'Customer_sign_off_responsible_person' } })).field.id);
  const slug = `layout-${Date.now().toString(36)}`;
  const { post } = await api<{ post: { id: number; slug: string } }>(admin, 'post', '/api/admin/blog/posts', { slug, tags: ['мобильная-версия'], status: 'published', versions: { ru: { title: `Как мы переписали ${LONG}`, excerpt: LONG, body: `# ${LONG}\n\n${LONG}` }, en: { title: `How we rewrote ${LONG}`, excerpt: LONG, body: LONG } } });
  ids.post = post.slug;
  ids.postId = String(post.id);
}, 120_000);
afterAll(async () => {
  await user?.close();
  await admin?.close();
  await browser?.close();
});

/** Opens the route and checks it at every width; a list of what did not fit, empty when all did. */
async function check(page: Page, url: string, testId: string): Promise<string[]> {
  await page.setViewportSize({ width: WIDTHS[0], height: 640 });
  await openInApp(page, url);
  await page.getByTestId(testId).waitFor({ timeout: 15_000 });
  expect(await page.locator('html').getAttribute('lang'), url).toBe(url.startsWith('/en') ? 'en' : 'ru');
  // The board and the calendar draw their cards once the data is in.
  if (testId === 'issue-board') await page.getByTestId('board-column').first().waitFor();
  await settled(page);
  const problems: string[] = [];
  // The work itself starts near the top: the options fold away on a phone (issue 15).
  if (testId === 'page-issues') {
    const top = await page.locator('.issue-row').first().evaluate((row) => row.getBoundingClientRect().top);
    if (top > 120) problems.push(`${url}: the list starts ${Math.round(top)} px down the screen`);
  }
  for (const width of WIDTHS) {
    if (width !== WIDTHS[0]) {
      await page.setViewportSize({ width, height: 640 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    }
    const { pageScroll, sticking, smallInputs } = await measureOverflow(page);
    if (pageScroll > 0 || sticking.length) problems.push(`${url} @${width}px: page scrolls ${pageScroll}px; ${sticking.join(' | ')}`);
    if (smallInputs.length) problems.push(`${url} @${width}px: fields under 16 px: ${smallInputs.join(' | ')}`);
    problems.push(...(await measureTabBar(page)).map((p) => `${url} @${width}px: ${p}`));
  }
  return problems;
}

/** A signed-in user on a phone gets the app shell, whose home is My work. */
const pageTestId = (name: string) => (name === 'home' ? 'page-myWork' : `page-${name}`);

/** Routes plus the wide views behind a query: the board and the calendar's month and week grids. */
const targets = (routes: Route[], lang: 'ru' | 'en') => [
  ...routes.map((route) => ({ url: prefixed(sample(route), lang), testId: pageTestId(route.name) })),
  ...(routes.some((r) => r.name === 'issues')
    ? [
        { url: prefixed(`/issues?layout=board&project=${ids.projectId}`, lang), testId: 'issue-board' },
        { url: prefixed('/calendar?view=month&date=2026-11-26', lang), testId: 'cal-grid' },
        { url: prefixed('/calendar?view=week&date=2026-11-26', lang), testId: 'cal-grid' },
      ]
    : []),
];

describe('every route fits 320–430 px', () => {
  for (const lang of ['ru', 'en'] as const) {
    it(`in ${lang}`, async () => {
      const problems: string[] = [];
      const visit = async (context: BrowserContext, routes: Route[]) => {
        const pool = new PagePool(context, 3);
        try {
          await pool.run(targets(routes, lang), async (page, { url, testId }) => {
            problems.push(...(await check(page, url, testId)));
          });
          // No console or page error on any route (this is the user's and the admin's visit of each).
          problems.push(...pool.errors());
        } finally {
          await pool.close();
        }
      };
      // Public and private routes as a user with long data, admin routes as the admin.
      await Promise.all([visit(user, ROUTES.filter((r) => r.access !== 'admin')), visit(admin, ROUTES.filter((r) => r.access === 'admin'))]);
      expect(problems).toEqual([]);
    }, 120_000);
  }
});

describe('inside Telegram at 320 px', () => {
  it('the mini app fits: home, issues, an issue, a project, the calendar and the profile', async () => {
    const context = await telegramClient(browser, { platform: 'android', viewport: { width: 320, height: 640 } });
    await trackContext(context);
    const page = await context.newPage();
    await page.goto(launchUrl({ platform: 'android', user: tgUser({ first_name: 'Максимилиан', last_name: 'Переподвыподвертов-Щедринский' }) }));
    await page.locator('html[data-tg-sign-in="authenticated"]').waitFor({ state: 'attached', timeout: 15_000 });
    const problems: string[] = [];
    for (const name of ['home', 'issues', 'projects', 'calendar', 'profile', 'issueCreate'] as const) {
      const route = ROUTES.find((r) => r.name === name)!;
      await openInApp(page, prefixed(route.path, 'en'));
      await page.getByTestId(pageTestId(name)).waitFor({ timeout: 15_000 });
      await settled(page);
      const { pageScroll, sticking, smallInputs } = await measureOverflow(page);
      if (pageScroll > 0 || sticking.length) problems.push(`${name}: page scrolls ${pageScroll}px; ${sticking.join(' | ')}`);
      if (smallInputs.length) problems.push(`${name}: fields under 16 px: ${smallInputs.join(' | ')}`);
      problems.push(...(await measureTabBar(page)).map((p) => `${name}: ${p}`));
    }
    expect(problems).toEqual([]);
    expect(await tgViolations(page)).toEqual([]);
    await context.close();
  });
});
