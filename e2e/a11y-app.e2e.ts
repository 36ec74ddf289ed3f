// Accessibility of the signed-in app: every private and admin route with realistic data, no serious
// or critical axe violation. A user on the 1440 px desktop with its sidebar and an admin on a phone
// with the tab bar, each in light and dark; and a Telegram user in the mini app, in the palettes of
// Telegram's clients (e2e/telegram-themes.ts).
import { ROUTES } from '@tracker/shared/routes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL } from './global-setup.ts';
import { api, launchBrowser, newContext, PagePool, pickIn, registerIn, uniqueEmail, until } from './browser.ts';
import { axeProblems, bothSchemes, loaded, seed, targets, type Target } from './a11y-kit.ts';
import { openInApp, trackContext } from './layout-fit.ts';
import { signedIn } from './telegram-app.ts';
import { launchUrl, rgb, telegramClient, tgSwitchTheme, tgUser, tgViolations, THEMES, visibleBackground, type TgPlatform, type TgThemeName } from './telegram-client.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const covers = (list: Target[], access: string) => expect(new Set(list.map((t) => t.route))).toEqual(new Set(ROUTES.filter((r) => r.access === access).map((r) => r.name)));

/** Opens every target on a small pool of the context's pages and collects what `check` finds. */
async function sweep(context: BrowserContext, list: Target[], open: (page: Page, url: string) => Promise<void>, check: (page: Page, target: Target) => Promise<string[]>): Promise<string[]> {
  const problems: string[] = [];
  const pool = new PagePool(context, 2);
  await pool.run(list, async (page, target) => {
    await open(page, target.url);
    await loaded(page, target.testId);
    problems.push(...(await check(page, target)));
  });
  await pool.close();
  return problems;
}

const WEB = { colorScheme: 'light' } as const;

describe('accessibility of the app', () => {
  it('every private route on the desktop, light and dark; an admin route says forbidden', async () => {
    const context = await newContext(browser, { ...WEB, viewport: { width: 1440, height: 900 } });
    await trackContext(context);
    const me = await registerIn(context, uniqueEmail('axe'), 'Axe User');
    const list = targets('private', await seed(context, me.id));
    covers(list, 'private');
    const problems = await sweep(context, [...list, { url: '/en/admin', testId: 'forbidden-page', route: 'admin' }], openInApp, async (page, { url }) => {
      await page.getByTestId('sidebar').waitFor();
      return bothSchemes(page, url);
    });
    await context.close();
    expect(problems).toEqual([]);
  }, 240_000);

  it('every kind of open dialog and menu, light and dark (the confirmation\'s red button read #991B1B on #B91C1C once)', async () => {
    const context = await newContext(browser, { ...WEB, viewport: { width: 1440, height: 900 } });
    await trackContext(context);
    const me = await registerIn(context, uniqueEmail('axe-dialog'), 'Axe Dialog');
    const ids = await seed(context, me.id);
    const page = await context.newPage();
    const problems: string[] = [];
    // Each opens one popup on its loaded page and is checked in both schemes (the create dialog and the
    // views popover are checked in create-dialog.e2e.ts and issues-list.e2e.ts, the pickers in issue-picker.e2e.ts).
    const popups: { label: string; url: string; testId: string; open: () => Promise<unknown>; phone?: true }[] = [
      { label: 'the delete confirmation', url: `/en/issues/${ids.issue}`, testId: 'page-issue', open: () => page.getByTestId('issue-delete').click().then(() => page.getByTestId('confirm-dialog-confirm').waitFor()) },
      { label: 'the command palette', url: '/en/issues', testId: 'page-issues', open: () => page.keyboard.press('Control+k').then(() => page.getByTestId('palette-input').waitFor()) },
      {
        label: "a board card's menu",
        url: `/en/issues?project=${ids.project}&layout=board`,
        testId: 'page-issues',
        open: () => page.getByTestId('card-menu').first().click().then(() => page.getByRole('menu', { name: 'Move to status' }).waitFor()),
      },
      {
        label: 'a toast (with Undo) over the issue page',
        url: `/en/issues/${ids.issue}`,
        testId: 'page-issue',
        open: () => pickIn(page, 'issue-priority', 'Low').then(() => page.getByTestId('toast').first().waitFor()),
      },
      { label: "the phone's More sheet", url: '/en/issues', testId: 'page-issues', phone: true, open: () => page.getByTestId('tab-more').click().then(() => page.getByTestId('more-search').waitFor()) },
    ];
    for (const popup of popups) {
      if (popup.phone) await page.setViewportSize({ width: 390, height: 800 });
      await openInApp(page, popup.url);
      await loaded(page, popup.testId);
      await popup.open();
      problems.push(...(await bothSchemes(page, popup.label)));
      await page.keyboard.press('Escape');
      await until(() => page.locator('[role="dialog"], [role="alertdialog"], [role="menu"]').count(), (n) => n === 0, `${popup.label} to close`);
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it('every admin route on a phone with the tab bar, light and dark', async () => {
    const context = await newContext(browser, { ...WEB, viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });
    await trackContext(context);
    const admin = await registerIn(context, ADMIN_EMAIL, 'Admin');
    const list = targets('admin', await seed(context, admin.id, true));
    covers(list, 'admin');
    const problems = await sweep(context, list, openInApp, async (page, { url }) => {
      await page.getByTestId('tabbar').waitFor();
      return bothSchemes(page, url);
    });
    await context.close();
    expect(problems).toEqual([]);
  }, 120_000);
});

/** Telegram repaints the open app in `theme` of `platform`; resolves once the page shows it. */
async function palette(page: Page, platform: TgPlatform, theme: TgThemeName): Promise<void> {
  const colours = THEMES[platform][theme];
  await tgSwitchTheme(page, platform, theme);
  const shown = () => Promise.all([visibleBackground(page), page.evaluate(() => getComputedStyle(document.body).color)]);
  await until(shown, ([bg, text]) => bg === rgb(colours.bg_color!) && text === rgb(colours.text_color!), `${platform} ${theme} colours`);
}

// Every client of e2e/telegram-themes.ts, each launch as that client (iOS gets telegram-ui's iOS look).
const CLIENTS: TgPlatform[] = ['android', 'ios', 'tdesktop'];

describe('accessibility of the mini app in Telegram', () => {
  it("every private route, in the clients' dark and light palettes by turns", async () => {
    const context = await telegramClient(browser, { viewport: { width: 390, height: 800 } });
    await trackContext(context);
    const user = tgUser();
    const launch = (platform: TgPlatform) => new URL(launchUrl({ platform, theme: 'dark', user }), 'http://x').hash;
    // The first launch signs the Telegram user in (and makes their account); their data follows.
    const first = await context.newPage();
    await first.goto(`/en${launch('android')}`);
    await signedIn(first);
    await first.close();
    const me = await api<{ user: { id: number } }>(context, 'get', '/api/user/me');
    const list = targets('private', await seed(context, me.user.id));
    covers(list, 'private');
    const problems: string[] = [];
    const violations: string[] = [];
    // Each client is launched once and moves through its share of the routes inside the app, as a
    // person does; Telegram switches the palette between routes.
    await Promise.all(
      CLIENTS.map(async (platform, c) => {
        const page = await context.newPage();
        for (const [i, { url, testId }] of list.filter((_, n) => n % CLIENTS.length === c).entries()) {
          if (i === 0) {
            await page.goto(url + launch(platform), { waitUntil: 'commit' });
            await page.locator('html[data-tg-sign-in="authenticated"]').waitFor({ state: 'attached', timeout: 30_000 });
            await page.locator(`.app-root[data-ui-platform="${platform === 'ios' ? 'ios' : 'base'}"]`).waitFor();
          } else await openInApp(page, url);
          await loaded(page, testId);
          await page.getByTestId('tabbar').waitFor();
          const theme: TgThemeName = i % 2 ? 'light' : 'dark';
          await palette(page, platform, theme);
          problems.push(...(await axeProblems(page, `${url} (${platform} ${theme})`)));
        }
        violations.push(...(await tgViolations(page)));
        await page.close();
      }),
    );
    await context.close();
    expect(problems).toEqual([]);
    expect(violations).toEqual([]);
  }, 240_000);
});
