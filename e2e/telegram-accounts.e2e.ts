// Two Telegram accounts on one device (issue 25): Android's WebView and Telegram Desktop share one
// cookie jar between the accounts of the app, so the second account's launch finds the first one's
// session. The launching account decides: B never sees a frame of A's name, issues or language, and
// an edit A queued offline in a page still open is never sent as B — it waits for A's next launch.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../server/src/test/telegram-signer.ts';
import { api, baseUrl, launchBrowser, newContext, registerIn, uniqueEmail, watchErrors } from './browser.ts';
import { launchUrl, telegramClient, tgUser, tgViolations } from './telegram-client.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Signed in as the launching account: found signed in, or signed in without a reload (the 10 s guard after the last sign-in). */
const signInDecided = (page: Page) => page.locator('html[data-tg-sign-in="authenticated"], html[data-tg-sign-in="guarded"]').waitFor({ state: 'attached', timeout: 15_000 });

/** Records, across the page's reloads (session storage), whether it ever showed one of `texts` or an English page. */
function watchFrames(page: Page, texts: string[]) {
  return page.addInitScript((watched: string[]) => {
    const seen = new Set<string>(JSON.parse(sessionStorage.getItem('__seen') ?? '[]') as string[]);
    const check = () => {
      const shown = [document.body?.innerText ?? '', ...[...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value)].join('\n');
      const before = seen.size;
      for (const text of watched) if (shown.includes(text)) seen.add(text);
      if (document.body && document.documentElement.lang.startsWith('en')) seen.add('lang=en');
      if (seen.size !== before) sessionStorage.setItem('__seen', JSON.stringify([...seen]));
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }, texts);
}
const framesSeen = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('__seen') ?? '[]') as string[]);

describe('two Telegram accounts, one after the other, in one webview storage', () => {
  it('each sees only their own name, language and issues, and A’s queued offline edit is not sent as B', async () => {
    const owner = await newContext(browser);
    await registerIn(owner, uniqueEmail('tgaccounts'), 'Shared Owner');
    const key = `TA${Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
    const { project } = await api<{ project: { id: number } }>(owner, 'post', '/api/projects', { key, name: 'Shared by both' });

    const device = await telegramClient(browser, { platform: 'android' });
    const anna = tgUser({ first_name: 'Anna', last_name: `English${Date.now() % 10000}`, language_code: 'en' });
    const boris = tgUser({ first_name: 'Борис', last_name: `Русский${Date.now() % 10000}`, language_code: 'ru' });
    // A signed in on this device before (the cookie is A's) and chose English for it.
    const a = (await (await device.request.post('/api/auth/telegram/callback', { data: { tgWebAppDataRaw: signInitData(anna), unsafeFallback: false } })).json()) as { user: { id: number; name: string } };
    await device.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
    await api(owner, 'put', `/api/projects/${project.id}/members/${a.user.id}`, { role: 'member' });
    const { issue } = await api<{ issue: { id: number; key: string } }>(owner, 'post', '/api/issues', { projectId: project.id, title: 'Anna’s own plan', assigneeId: a.user.id });

    // A opens the app: the session is hers, so no sign-in request is made (spec §4 step 1).
    const pageA = await device.newPage();
    const errorsA = watchErrors(pageA);
    const signInsA: string[] = [];
    pageA.on('request', (r) => r.url().endsWith('/api/auth/telegram/callback') && signInsA.push(r.url()));
    await pageA.goto(launchUrl({ user: anna, path: `/en/issues/${issue.key}` }));
    await signInDecided(pageA);
    expect(signInsA).toEqual([]);
    await pageA.locator('html[data-sync="live"]').waitFor({ state: 'attached', timeout: 15_000 });
    await pageA.getByTestId('issue-title-edit').waitFor();

    // A's webview loses the network and she renames the issue: the edit waits in her outbox.
    const cdp = await device.newCDPSession(pageA);
    const network = (offline: boolean) => cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await network(true);
    await pageA.locator('html[data-sync="offline"]').waitFor({ state: 'attached' });
    await pageA.getByTestId('issue-title-edit').click();
    await pageA.getByTestId('issue-title-input').fill('Renamed by Anna offline');
    await pageA.getByTestId('issue-title-input').press('Enter');
    await pageA.locator('h1', { hasText: 'Renamed by Anna offline' }).waitFor();

    // B opens the app on the same device: his launch, A's cookie.
    const pageB = await device.newPage();
    const errorsB = watchErrors(pageB);
    await watchFrames(pageB, [anna.first_name, a.user.name, 'Anna’s own plan']);
    let loadsB = 0;
    pageB.on('load', () => (loadsB += 1));
    await pageB.goto(launchUrl({ user: boris }));
    await signInDecided(pageB);
    expect(loadsB).toBe(2); // one sign-in, one reload
    const me = await pageB.evaluate(() => fetch('/api/user/me').then((r) => r.json() as Promise<{ user: { id: number; name: string; locale: string } }>));
    expect(me.user).toMatchObject({ name: `Борис ${boris.last_name}`, locale: 'ru' });
    expect(new URL(pageB.url()).pathname).toBe('/');
    expect(await pageB.evaluate(() => document.documentElement.lang)).toBe('ru');
    await pageB.getByTestId('page-myWork').waitFor();
    await api(owner, 'put', `/api/projects/${project.id}/members/${me.user.id}`, { role: 'member' });
    await api(owner, 'post', '/api/issues', { projectId: project.id, title: 'План Бориса', assigneeId: me.user.id });
    await pageB.getByTestId('my-issue').filter({ hasText: 'План Бориса' }).waitFor();
    await pageB.getByTestId('tab-more').click();
    await pageB.getByTestId('more-profile').click();
    await expect.poll(() => pageB.locator('input[name="name"]').inputValue()).toBe(me.user.name);
    expect(await framesSeen(pageB)).toEqual([]);

    // A's page gets the network back while the cookie is B's (and B may edit the issue): her edit is
    // refused as another account's session, not applied as his; her page asks her to reopen the app.
    await network(false);
    await pageA.getByTestId('tg-reopen').waitFor({ timeout: 15_000 });
    expect((await api<{ issue: { title: string } }>(owner, 'get', `/api/issues/${issue.id}`)).issue.title).toBe('Anna’s own plan');

    // A launches again: her session, her language, and her queued edit is sent as her.
    const pageA2 = await device.newPage();
    await pageA2.goto(launchUrl({ user: anna }));
    await signInDecided(pageA2);
    expect(new URL(pageA2.url()).pathname).toMatch(/^\/en(\/|$)/);
    await expect.poll(async () => (await api<{ issue: { title: string } }>(owner, 'get', `/api/issues/${issue.id}`)).issue.title).toBe('Renamed by Anna offline');
    const { activity } = await api<{ activity: { actor: { id: number } | null; field?: string }[] }>(owner, 'get', `/api/issues/${issue.id}/activity`);
    expect(activity.filter((e) => e.field === 'title').map((e) => e.actor?.id)).toEqual([a.user.id]);

    for (const page of [pageA, pageB, pageA2]) expect(await tgViolations(page)).toEqual([]);
    // Requests of A's page while it had no network fail in its console, as they would on a phone.
    expect([...errorsA.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e)), ...errorsB]).toEqual([]);
    await device.close();
    await owner.close();
  });
});
