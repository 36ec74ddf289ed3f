// The mini app as people meet it, on every client Telegram ships (iOS, Android, Desktop), in both
// of Telegram's themes, for English and Russian accounts, over the real bridge protocol: My work in
// the account's language on the theme's colours with no website chrome, the assigned issue on
// screen, the BackButton there and back, the MainButton's primary action, a live theme switch.
// Screenshots of the start screen land in e2e/artifacts/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../server/src/test/telegram-signer.ts';
import { api, baseUrl, launchBrowser, newContext, registerIn, uniqueEmail, uniqueKey, watchErrors } from './browser.ts';
import { launchUrl, rgb, telegramClient, tgLast, tgSend, tgSwitchTheme, tgUser, tgViolations, THEMES, visibleBackground, type TgPlatform, type TgThemeName } from './telegram-client.ts';

export const ARTIFACTS = path.resolve(import.meta.dirname, 'artifacts');

const TEXT = {
  en: { tab: 'My issues', lang: 'en', title: 'Review the release checklist', edit: 'Edit', comment: 'Post comment' },
  ru: { tab: 'Мои задачи', lang: 'ru', title: 'Проверить чек-лист релиза', edit: 'Изменить', comment: 'Отправить' },
} as const;

let browser: Browser;
let owner: BrowserContext;
let project: { id: number; key: string };
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newContext(browser);
  await registerIn(owner, uniqueEmail('matrix'), 'Matrix Owner');
  const key = uniqueKey('MX', 8);
  project = (await api<{ project: { id: number; key: string } }>(owner, 'post', '/api/projects', { key, name: 'Release' })).project;
  mkdirSync(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await owner?.close();
  await browser?.close();
});

/** A Telegram user who exists (signed in once), is a member of the project and has an issue assigned. */
async function memberWithIssue(language: 'en' | 'ru', title: string) {
  const person = tgUser({ first_name: `Matrix ${language}`, language_code: language });
  const res = await fetch(`${baseUrl()}/api/auth/telegram/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tgWebAppDataRaw: signInitData(person), unsafeFallback: false }) });
  const user = ((await res.json()) as { user: { id: number } }).user;
  await api(owner, 'put', `/api/projects/${project.id}/members/${user.id}`, { role: 'member' });
  const issue = (await api<{ issue: { id: number; key: string } }>(owner, 'post', '/api/issues', { projectId: project.id, title, assigneeId: user.id })).issue;
  return { person, issue };
}

async function open(platform: TgPlatform, theme: TgThemeName, language: 'en' | 'ru', startParam?: string) {
  // Rows are found by the issue's key, so every combination may read the same (screenshot-worthy) title.
  const title = TEXT[language].title;
  const { person, issue } = await memberWithIssue(language, title);
  const context = await telegramClient(browser, { platform, theme, browserLocale: language === 'en' ? 'ru-RU' : 'en-US' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(launchUrl({ platform, theme, user: person, startParam }));
  await page.locator('html[data-tg-sign-in="authenticated"]').waitFor({ state: 'attached', timeout: 20_000 });
  return { context, page, errors, issue, title };
}

const shownBackButton = async (page: Page) => (await tgLast<{ is_visible?: boolean }>(page, 'web_app_setup_back_button'))?.is_visible ?? false;

// Every pair of client and theme, client and language, theme and language, in six launches (the
// twelve of the whole product differed from these only in pairs already covered): the language
// takes turns between the themes, and starts the other way on the next client.
const LAUNCHES: Record<'ios' | 'android' | 'tdesktop', [TgThemeName, 'en' | 'ru'][]> = { ios: [['dark', 'en'], ['light', 'ru']], android: [['dark', 'ru'], ['light', 'en']], tdesktop: [['dark', 'en'], ['light', 'ru']] };

describe.each(['ios', 'android', 'tdesktop'] as const)('mini app on %s', (platform) => {
  it.each(LAUNCHES[platform])('%s theme, %s user: My work in the account language and theme, issue and back, live theme switch', async (theme, language) => {
    const { context, page, errors, issue, title } = await open(platform, theme, language);
    const other: TgThemeName = theme === 'dark' ? 'light' : 'dark';

    // My work, in the account's language, on the theme's colours, with no website chrome.
    await page.getByTestId('page-myWork').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(TEXT[language].lang);
    // The language switches after the sign-in: the label follows `lang` within a render.
    await expect.poll(() => page.getByTestId('tab-myWork').innerText()).toContain(TEXT[language].tab);
    // Every tab label is read whole, not cut with an ellipsis.
    expect(await page.locator('[data-testid^="tab-"] > :last-child').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent))).toEqual([]);
    expect(await page.locator('header.header, footer.footer').count()).toBe(0);
    expect(await page.getByRole('link', { name: /^(Войти|Sign in|Выйти|Sign out)$/ }).count()).toBe(0);
    await expect.poll(() => visibleBackground(page, '[data-testid="page-myWork"]')).toBe(rgb(THEMES[platform][theme].bg_color!));
    const issueRow = page.locator(`[data-testid="my-issue"][data-issue-key="${issue.key}"]`);
    await issueRow.getByText(title).waitFor();
    await expect.poll(() => shownBackButton(page)).toBe(false);
    await page.screenshot({ path: path.join(ARTIFACTS, `start-${platform}-${theme}-${language}.png`) });

    // Opening the issue shows the BackButton and a primary action on the MainButton; back returns.
    await issueRow.getByText(title).click();
    await page.getByTestId('page-issue').waitFor();
    await expect.poll(() => shownBackButton(page)).toBe(true);
    const button = (method: string) => tgLast<{ is_visible?: boolean; text?: string }>(page, method);
    await expect.poll(() => button('web_app_setup_secondary_button')).toMatchObject({ is_visible: true, text: TEXT[language].edit });
    await page.getByTestId('comment-input').fill('…');
    await expect.poll(() => button('web_app_setup_main_button')).toMatchObject({ is_visible: true, text: TEXT[language].comment });
    await tgSend(page, 'back_button_pressed');
    await page.getByTestId('page-myWork').waitFor();
    await expect.poll(() => shownBackButton(page)).toBe(false);

    // Telegram switches theme while the app is open: the app repaints without a reload.
    await tgSwitchTheme(page, platform, other);
    await expect.poll(() => visibleBackground(page, '[data-testid="page-myWork"]')).toBe(rgb(THEMES[platform][other].bg_color!));
    expect(await tgViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('startapp deep links', () => {
  it('issue_<id>, issue_<KEY-N>, project_<KEY>, new and new_<KEY> open their screens; an unknown value opens My work with a toast', async () => {
    const { person, issue } = await memberWithIssue('en', 'Deep-linked from a bot card');
    const cases: { param: string; ready: (page: Page) => Promise<unknown> }[] = [
      { param: `issue_${issue.id}`, ready: (p) => p.getByTestId('page-issue').getByText('Deep-linked from a bot card').first().waitFor() },
      { param: `issue_${issue.key}`, ready: (p) => p.getByTestId('page-issue').getByText('Deep-linked from a bot card').first().waitFor() },
      { param: `project_${project.key}`, ready: (p) => p.getByTestId('page-project').waitFor() },
      { param: 'new', ready: (p) => p.getByTestId('page-issueCreate').waitFor() },
      { param: `new_${project.key}`, ready: (p) => p.getByTestId('page-issueCreate').waitFor().then(() => expect.poll(() => new URL(p.url()).search).toContain(`project=${project.key}`)) },
      { param: 'nonsense_42', ready: (p) => p.getByTestId('page-myWork').waitFor().then(() => p.getByRole('status').filter({ hasText: /link|ссылк/i }).first().waitFor()) },
    ];
    // One phone: each link is a new launch of the app (a new page), with what the client kept from the
    // last one (its cache, cookies and storage), as Telegram keeps a mini app's webview data.
    const context = await telegramClient(browser, { platform: 'android', theme: 'dark' });
    for (const c of cases) {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(launchUrl({ platform: 'android', theme: 'dark', user: person, startParam: c.param }));
      await c.ready(page);
      expect(await tgViolations(page), c.param).toEqual([]);
      expect(errors, c.param).toEqual([]);
      await page.close();
    }
    await context.close();
  });
});

