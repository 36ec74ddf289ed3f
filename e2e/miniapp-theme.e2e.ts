// The mini app in Telegram's colours, as a person sees them: the page, its text and controls in the
// client's theme, Telegram's own header/background/bottom bar painted to match, a live theme switch
// repainting both without a reload, user colours kept readable, and the web's own light/dark modes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IssueDetail } from '@tracker/shared/api/issues';
import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, watchErrors } from './browser.ts';
import { cssVar, launchUrl, rgb, telegramClient, tgCalls, tgLast, tgSwitchTheme, tgUser, tgViolations, THEMES, visibleBackground, type ThemeParams, type TgPlatform, type TgThemeName } from './telegram-client.ts';

// WCAG 2 contrast of two colours given as `rgb(r, g, b)` or `#rrggbb`.
function contrast(a: string, b: string): number {
  const channels = (c: string) => (c.startsWith('#') ? [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16)) : c.match(/\d+/g)!.slice(0, 3).map(Number));
  const lum = (c: string) => {
    const [r, g, b] = channels(c).map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// telegram-ui marks AppRoot's look with generated class names: read them from the package itself.
const appRootSource = readFileSync(createRequire(import.meta.url).resolve('@telegram-apps/telegram-ui/dist/components/Service/AppRoot/AppRoot.js'), 'utf8');
const IOS_CLASS = /platform === 'ios' && "([\w-]+)"/.exec(appRootSource)![1]!;
const DARK_CLASS = /appearance === 'dark' && "([\w-]+)"/.exec(appRootSource)![1]!;

const style = (page: Page, selector: string, prop: string) => page.locator(selector).first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);
const appRootClasses = (page: Page) => page.locator('.app-root').getAttribute('class').then((c) => (c ?? '').split(/\s+/));

async function openIssues(platform: TgPlatform, theme: TgThemeName, extra: { version?: string; themeParams?: ThemeParams } = {}) {
  const context = await telegramClient(browser, { platform, theme, ...extra });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // A method or parameter the client lacks is skipped, never tried and logged.
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().includes('telegram:')) errors.push(m.text());
  });
  await page.goto(launchUrl({ platform, theme, user: tgUser(), path: '/en/issues', ...extra }));
  await page.locator('html[data-tg-sign-in="authenticated"]').waitFor({ state: 'attached', timeout: 15_000 });
  return { context, page, errors };
}

/** Every status dot on the page reads at 4.5:1 on the theme's bg, secondary bg and section bg. */
async function dotsReadable(page: Page, theme: ThemeParams) {
  // A row's status dot comes with its project's statuses, which may follow the row itself.
  await page.locator('.status-chip__dot').first().waitFor();
  const dots = await page.locator('.status-chip__dot').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
  expect(dots.length).toBeGreaterThan(0);
  return dots.every((dot) => [theme.bg_color, theme.secondary_bg_color, theme.section_bg_color].every((bg) => contrast(dot, bg!) >= 4.5));
}

async function chrome(page: Page) {
  return {
    header: (await tgLast(page, 'web_app_set_header_color'))?.color,
    background: (await tgLast(page, 'web_app_set_background_color'))?.color,
    bottomBar: (await tgLast(page, 'web_app_set_bottom_bar_color'))?.color,
  };
}

describe('mini app theme', () => {
  it('iOS dark: the page, text, controls and Telegram chrome in the theme; a live switch to light repaints all of it', async () => {
    const { context, page, errors } = await openIssues('ios', 'dark');
    const dark = THEMES.ios.dark;
    const light = THEMES.ios.light;
    // A project whose status colours are the product's own (a pale backlog grey among them) and an issue in it.
    const key = `T${Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
    const project = await api<ProjectDetailResponse>(context, 'post', '/api/projects', { key, name: `Theme ${key}` });
    await api<{ issue: IssueDetail }>(context, 'post', '/api/issues', { projectId: project.project.id, title: 'Dark theme check' });
    await page.reload();
    await page.getByTestId('issue-row').first().waitFor({ timeout: 15_000 });

    expect(await visibleBackground(page)).toBe(rgb(dark.bg_color!));
    expect(await style(page, 'body', 'color')).toBe(rgb(dark.text_color!));
    expect(await style(page, '[data-testid="filter-project"]', 'background-color')).toBe(rgb(dark.section_bg_color!));
    expect(await style(page, '[data-testid="filter-project"]', 'border-top-color')).toBe(rgb(dark.section_separator_color!));
    expect(await visibleBackground(page, '[data-testid="issue-row"]')).toBe(rgb(dark.section_bg_color!));
    expect(await dotsReadable(page, dark)).toBe(true);
    expect(await chrome(page)).toEqual({ header: dark.header_bg_color, background: dark.bg_color, bottomBar: dark.bottom_bar_bg_color });
    expect(await page.locator('.app-root').getAttribute('data-appearance')).toBe('dark');
    expect(await appRootClasses(page)).toEqual(expect.arrayContaining([IOS_CLASS, DARK_CLASS]));

    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await tgSwitchTheme(page, 'ios', 'light');
    await expect.poll(() => visibleBackground(page)).toBe(rgb(light.bg_color!));
    expect(await style(page, 'body', 'color')).toBe(rgb(light.text_color!));
    expect(await style(page, '[data-testid="filter-project"]', 'background-color')).toBe(rgb(light.section_bg_color!));
    await expect.poll(() => chrome(page)).toEqual({ header: light.header_bg_color, background: light.bg_color, bottomBar: light.bottom_bar_bg_color });
    await expect.poll(() => dotsReadable(page, light)).toBe(true);
    await expect.poll(() => appRootClasses(page)).not.toContain(DARK_CLASS);
    expect(await appRootClasses(page)).toContain(IOS_CLASS);
    expect(await page.locator('.app-root').getAttribute('data-appearance')).toBe('light');
    expect(loads).toEqual([]);

    expect(await tgViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Android light: the base look of telegram-ui, the secondary background on cards, and every colour call as #rrggbb', async () => {
    const { context, page, errors } = await openIssues('android', 'light');
    const light = THEMES.android.light;
    // On a phone the filters fold behind the options button (issue 15).
    await page.getByTestId('issues-options').click({ timeout: 15_000 });
    await page.getByTestId('filter-project').waitFor();
    expect(await visibleBackground(page)).toBe(rgb(light.bg_color!));
    await page.getByTestId('filter-more').click();
    expect(await visibleBackground(page, '.filter-bar__row--more')).toBe(rgb(light.secondary_bg_color!));
    expect(await appRootClasses(page)).not.toContain(IOS_CLASS);
    expect(await page.locator('.app-root').getAttribute('data-ui-platform')).toBe('base');
    await expect.poll(() => chrome(page)).toEqual({ header: light.header_bg_color, background: light.bg_color, bottomBar: light.bottom_bar_bg_color });
    const colours = (await tgCalls(page)).filter((c) => /^web_app_set_(header|background|bottom_bar)_color$/.test(c.method)).map((c) => (c.params as { color: string }).color);
    expect(colours.every((c) => /^#[0-9a-f]{6}$/i.test(c))).toBe(true);
    expect(await tgViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an older client (Bot API 6.1) without the newer theme keys: surfaces fall back to the background, no bottom-bar call', async () => {
    const old = Object.fromEntries(Object.entries(THEMES.tdesktop.dark).filter(([k]) => ['bg_color', 'secondary_bg_color', 'text_color', 'hint_color', 'link_color', 'button_color', 'button_text_color'].includes(k))) as ThemeParams;
    const { context, page, errors } = await openIssues('tdesktop', 'dark', { version: '6.1', themeParams: old });
    // On a phone the filters fold behind the options button (issue 15).
    await page.getByTestId('issues-options').click({ timeout: 15_000 });
    await page.getByTestId('filter-project').waitFor();
    expect(await visibleBackground(page)).toBe(rgb(old.bg_color!));
    expect(await style(page, '[data-testid="filter-project"]', 'background-color')).toBe(rgb(old.bg_color!));
    expect(await cssVar(page, '--bottom-bar-bg')).toBe(old.secondary_bg_color);
    // telegram-ui's components read the same fallbacks.
    expect(await cssVar(page, '--tg-theme-section-bg-color')).toBe(old.bg_color);
    expect(await tgCalls(page, 'web_app_set_bottom_bar_color')).toEqual([]);
    expect(await tgLast(page, 'web_app_set_background_color')).toEqual({ color: old.bg_color });
    expect(await tgViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('web colour modes (outside Telegram)', () => {
  it("the page and telegram-ui's variables follow the app's light and dark palettes", async () => {
    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/en/');
    await page.locator('html.dark').waitFor({ state: 'attached' });
    const darkBg = await cssVar(page, '--web-bg');
    expect(await visibleBackground(page)).toBe(rgb(darkBg));
    expect(await cssVar(page, '--tg-theme-bg-color')).toBe(darkBg);
    expect(await page.locator('.app-root').getAttribute('data-appearance')).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('html.light').waitFor({ state: 'attached' });
    const lightBg = await cssVar(page, '--web-bg');
    expect(lightBg).not.toBe(darkBg);
    await expect.poll(() => visibleBackground(page)).toBe(rgb(lightBg));
    expect(await cssVar(page, '--tg-theme-button-color')).toBe(await cssVar(page, '--button'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
