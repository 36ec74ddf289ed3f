// The issue page on a phone (issue 27): the title, the status and the assignee on the first screen,
// the description soon after, the other properties in a bottom sheet (it saves, closes on Escape and
// gives the focus back), and the comment composer docked above the tab bar, before and after
// scrolling, with toasts above it. In Russian and English, the sheet in the dark theme with axe, and
// inside Telegram, where the BackButton closes the sheet before it leaves the page.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y-kit.ts';
import { api, launchBrowser, newContext, pickedIn, pickIn, registerIn, uniqueEmail, uniqueKey, watchErrors } from './browser.ts';
import { backVisible, finish, openApp, path, reopenAt } from './telegram-app.ts';
import { tgSend } from './telegram-client.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const DESCRIPTION = 'Steps to reproduce:\n\n1. Open the app on a phone\n2. Sign in with a long e-mail\n3. See the form jump';

interface IssueJson {
  id: number;
  key: string;
  priority: string;
  statusId: number;
}

let browser: Browser;
let phone: BrowserContext;
let project: { id: number; key: string };
let label: { id: number };

beforeAll(async () => {
  browser = await launchBrowser();
  phone = await newContext(browser, { ...PHONE, locale: 'ru-RU', timezoneId: 'Europe/Moscow', colorScheme: 'light' });
  const me = await registerIn(phone, uniqueEmail('phone'), 'Phone Person');
  project = (await api<{ project: { id: number; key: string } }>(phone, 'post', '/api/projects', { key: uniqueKey('PH'), name: 'Phone' })).project;
  label = (await api<{ label: { id: number } }>(phone, 'post', `/api/projects/${project.id}/labels`, { name: 'mobile', color: '#1d4ed8' })).label;
  myId = me.id;
}, 60_000);
afterAll(() => browser?.close());

let myId = 0;

/** An issue with every property the sheet summarises and enough comments to scroll past. */
async function makeIssue(title: string): Promise<IssueJson> {
  const { issue } = await api<{ issue: IssueJson }>(phone, 'post', '/api/issues', { projectId: project.id, title, description: DESCRIPTION, priority: 'high', assigneeId: myId, labelIds: [label.id], dueDate: '2026-12-03' });
  for (let i = 1; i <= 6; i++) await api(phone, 'post', `/api/issues/${issue.id}/comments`, { body: `Comment number ${i}\n\nwith a second paragraph to take some room on a narrow screen` });
  return issue;
}
const getIssue = (id: number) => api<{ issue: IssueJson }>(phone, 'get', `/api/issues/${id}`).then((r) => r.issue);

async function open(page: Page, issue: IssueJson, lang: 'ru' | 'en') {
  await page.goto(`${lang === 'en' ? '/en' : ''}/issues/${issue.key}`);
  await page.getByTestId('issue-props-open').waitFor();
  await page.getByTestId('comment-input').waitFor();
  await page.getByTestId('tabbar').waitFor();
}

const rect = (page: Page, testId: string) =>
  page.getByTestId(testId).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

/** Where the composer's box is, and whether it is the box that a tap at its centre reaches (nothing covers it). */
async function composerOnScreen(page: Page) {
  return page.evaluate(() => {
    const box = document.querySelector<HTMLElement>('[data-testid="comment-input"]')!;
    const bar = document.querySelector<HTMLElement>('[data-testid="tabbar"]')!;
    const r = box.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { top: r.top, bottom: r.bottom, height: window.innerHeight, barTop: bar.getBoundingClientRect().top, reached: hit === box || box.contains(hit) };
  });
}

const TEXT = {
  ru: { high: 'Высокий', low: 'Низкий', due: 'Срок: 3 дек.', labels: '1 метка', sheet: 'Свойства' },
  en: { high: 'High', low: 'Low', due: 'Due Dec 3', labels: '1 label', sheet: 'Properties' },
} as const;

describe('the issue page on a phone', () => {
  for (const lang of ['ru', 'en'] as const) {
    it(`puts the work first and the other properties in a sheet that saves (${lang})`, async () => {
      const issue = await makeIssue(lang === 'ru' ? 'Форма прыгает при входе' : 'The form jumps on sign-in');
      const page = await phone.newPage();
      const errors = watchErrors(page);
      await open(page, issue, lang);
      const height = await page.evaluate(() => window.innerHeight);
      // One header line: the key, the project and the menu of the issue's actions.
      const [key, actions] = [await rect(page, 'issue-key'), await rect(page, 'issue-actions')];
      expect(Math.abs(key.top + key.bottom - actions.top - actions.bottom) / 2).toBeLessThan(12);
      await page.getByTestId('issue-actions').click();
      // The reporter watches their issue.
      expect(await page.getByTestId('issue-actions-menu').getByRole('menuitem').allTextContents()).toEqual(lang === 'ru' ? ['Не следить', 'Изменить', 'Удалить'] : ['Stop watching', 'Edit', 'Delete']);
      await page.keyboard.press('Escape');
      await page.getByTestId('issue-actions-menu').waitFor({ state: 'detached' });
      // The title, the status and the assignee on the first screen; the description within one and a half.
      for (const id of ['issue-title-edit', 'issue-status', 'issue-assignee']) expect((await rect(page, id)).bottom, id).toBeLessThan(height);
      expect((await page.locator('h1').boundingBox())!.y).toBeLessThan(height / 3);
      expect((await rect(page, 'issue-description')).top).toBeLessThan(height * 1.5);
      // The other properties are one row that says what they are.
      const summary = page.getByTestId('issue-props-summary');
      expect(await summary.textContent()).toBe(`${TEXT[lang].high} · ${TEXT[lang].due} · ${TEXT[lang].labels}`);
      expect(await page.getByTestId('issue-priority').count()).toBe(0);

      await page.getByTestId('issue-props-open').click();
      const sheet = page.getByTestId('issue-props-sheet');
      await sheet.waitFor();
      expect(await sheet.getByRole('heading').textContent()).toBe(TEXT[lang].sheet);
      expect(await sheet.getByTestId('issue-due').count()).toBe(1);
      // A bottom sheet: on the bottom edge, full width, at most 85% of the screen high.
      await expect.poll(() => rect(page, 'issue-props-sheet')).toMatchObject({ bottom: height, left: 0, right: 390 });
      const box = await rect(page, 'issue-props-sheet');
      expect(box.bottom - box.top).toBeLessThanOrEqual(height * 0.85 + 1);

      await pickIn(sheet, 'issue-priority', TEXT[lang].low);
      await expect.poll(async () => (await getIssue(issue.id)).priority).toBe('low');
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toBe('issue-props-open');
      expect(await summary.textContent()).toContain(TEXT[lang].low);

      // Kept after a reload; the close button closes the sheet too.
      await page.reload();
      await page.getByTestId('issue-props-open').click();
      await sheet.waitFor();
      expect(await pickedIn(sheet, 'issue-priority')).toBe('low');
      await sheet.getByTestId('issue-props-close').click();
      await sheet.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`keeps the composer on screen above the tab bar, sends from it, and toasts rise above it (${lang})`, async () => {
      const issue = await makeIssue(lang === 'ru' ? 'Комментарии на телефоне' : 'Comments on a phone');
      const page = await phone.newPage();
      const errors = watchErrors(page);
      await open(page, issue, lang);
      // Before scrolling: at the bottom, right on the tab bar, and nothing over it.
      const before = await composerOnScreen(page);
      expect(before.reached).toBe(true);
      expect(before.bottom).toBeLessThanOrEqual(before.barTop);
      expect(before.barTop - before.bottom).toBeLessThan(16);
      expect(before.bottom - before.top).toBeLessThan(56);

      // Scrolled to the end: still there, and the last comment ends above it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight)).toBe(true);
      const after = await composerOnScreen(page);
      expect(after).toEqual(before);
      const form = await rect(page, 'comment-form');
      expect((await page.getByTestId('comment').last().boundingBox())!.y + (await page.getByTestId('comment').last().boundingBox())!.height).toBeLessThanOrEqual(form.top);

      // Typing into another field (the title), the composer steps aside for it.
      await page.getByTestId('issue-title-edit').click();
      await page.getByTestId('issue-title-input').waitFor();
      await expect.poll(() => page.getByTestId('comment-form').isVisible()).toBe(false);
      await page.getByTestId('issue-title-input').press('Escape');
      await expect.poll(() => page.getByTestId('comment-form').isVisible()).toBe(true);

      // The box grows while typing (up to a few lines) and sends with its button.
      const input = page.getByTestId('comment-input');
      await input.fill('First line\nsecond line\nthird line');
      await expect.poll(async () => (await input.boundingBox())!.height).toBeGreaterThan(before.bottom - before.top + 20);
      const send = (await page.getByTestId('comment-submit').boundingBox())!;
      expect([send.width, send.height]).toEqual([44, 44]);
      await page.getByTestId('comment-submit').click();
      await page.getByTestId('comment-body').filter({ hasText: 'third line' }).waitFor();
      await expect.poll(() => input.inputValue()).toBe('');
      await expect.poll(async () => (await input.boundingBox())!.height).toBe(before.bottom - before.top);
      await expect
        .poll(async () => (await api<{ comments: { body: string }[] }>(phone, 'get', `/api/issues/${issue.key}/page`)).comments.some((c) => c.body === 'First line\nsecond line\nthird line'))
        .toBe(true);

      // A status change shows its toast: above the composer, which stays where it was.
      const status = page.getByTestId('issue-status');
      await page.evaluate(() => window.scrollTo(0, 0));
      await status.click();
      await page.getByTestId('issue-status-panel').getByRole('option', { selected: false }).first().click();
      const toast = page.getByTestId('toast').first();
      await toast.waitFor();
      await expect.poll(async () => (await toast.boundingBox())!.y + (await toast.boundingBox())!.height).toBeLessThanOrEqual((await rect(page, 'comment-form')).top);
      expect(await composerOnScreen(page)).toMatchObject({ reached: true, bottom: before.bottom });
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('the sheet passes axe in the dark theme', async () => {
    const issue = await makeIssue('Dark sheet');
    const page = await phone.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, issue, 'en');
    await page.locator('html[data-color-mode="dark"]').waitFor({ state: 'attached' });
    await page.getByTestId('issue-props-open').click();
    await page.getByTestId('issue-props-sheet').waitFor();
    expect(await axeProblems(page, 'the properties sheet (dark)')).toEqual([]);
    await page.close();
  });

  it('inside Telegram the sheet sits on the safe area and the BackButton closes it before leaving the page', async () => {
    const o = await openApp(browser, { platform: 'ios' });
    const { issue } = await o.seed();
    const { page } = o;
    await reopenAt(page, `/en/issues/${issue.key}`, 'issue-props-open');
    await page.getByTestId('tabbar').waitFor();
    await expect.poll(() => backVisible(page)).toBe(true);
    expect((await composerOnScreen(page)).reached).toBe(true);
    await page.getByTestId('issue-props-open').click();
    const sheet = page.getByTestId('issue-props-sheet');
    await sheet.waitFor();
    // Its end clears the home indicator (the iOS client reports a 34 px bottom safe area).
    await expect.poll(() => sheet.locator('.sheet__body').evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingBottom))).toBe(16 + 34);
    await tgSend(page, 'back_button_pressed');
    await sheet.waitFor({ state: 'detached' });
    expect(path(page)).toBe(`/en/issues/${issue.key}`);
    await expect.poll(() => focused(page)).toBe('issue-props-open');
    // Nothing open: back leaves the page, up to the issue list.
    await tgSend(page, 'back_button_pressed');
    await page.getByTestId('page-issues').waitFor();
    await finish(o);
  });
});
