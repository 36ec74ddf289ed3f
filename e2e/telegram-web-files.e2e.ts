// Files inside Telegram Web's frame (issue 12, item 9): the mini app is framed cross-site with
// third-party cookies blocked, so only the X-Session-Token header carries the session. Uploads
// (attachment, avatar) and the attachment download (by a signed link, through Telegram's downloadFile)
// must work there, and no request may carry a cookie. In a mobile client the exports and the
// timesheet CSV go the same way (issue 25): a webview may not save a link's file at all.
import { randomBytes } from 'node:crypto';
import type { Browser, Frame, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, downloadBytes, watchErrors } from './browser.ts';
import { launchUrl, telegramClient, tgCalls, tgUser, tgViolations } from './telegram-client.ts';
import { launchFramingBrowser, openInTelegramWeb, tgWebCalls } from './telegram-web.ts';

// A valid 1×1 PNG: the server decodes avatars, so it must be a real image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

let browser: Browser;
beforeAll(async () => {
  browser = await launchFramingBrowser();
});
afterAll(() => browser?.close());

/** A call from inside the frame, with the session header as the app sends it. */
async function call<T>(app: Frame, method: string, url: string, body?: unknown): Promise<T> {
  const res = await app.evaluate(
    async ([m, u, b]) => {
      const r = await fetch(u as string, { method: m as string, headers: { 'content-type': 'application/json', 'x-session-token': sessionStorage.getItem('tracker.sessionToken') ?? '' }, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: r.status, body: (await r.json()) as unknown };
    },
    [method, url, body] as const,
  );
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** Client-side navigation, as a tap on an in-app link does (no reload). */
const navigate = (app: Frame, path: string) =>
  app.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** A mobile client's mini app, signed in as a new user; its page and the errors the page logs. */
async function mobileApp(platform: 'ios' | 'android', theme: 'light' | 'dark', firstName: string) {
  const context = await telegramClient(browser, { platform, theme });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(launchUrl({ platform, theme, user: tgUser({ first_name: firstName, language_code: 'en' }) }));
  await page.locator('html[data-tg-sign-in="authenticated"]').waitFor({ state: 'attached', timeout: 20_000 });
  return { context, page, errors };
}

const projectKey = (prefix: string) => `${prefix}${Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;

/** The `count`-th file the app asked the client to download, once it has asked. */
async function askedDownload(page: Page, count: number) {
  await expect.poll(() => tgCalls(page, 'web_app_request_file_download').then((calls) => calls.length)).toBe(count);
  return (await tgCalls(page, 'web_app_request_file_download'))[count - 1]!.params as { url: string; file_name: string };
}

describe('files in Telegram Web’s third-party frame', () => {
  it('uploads an attachment and an avatar and downloads the attachment by the header session alone', async () => {
    const { page, app } = await openInTelegramWeb(browser, launchUrl({ platform: 'tdesktop', theme: 'dark', user: tgUser({ first_name: 'Framed', language_code: 'en' }) }));
    const errors = watchErrors(page);
    const sent: Promise<{ url: string; method: string; headers: Record<string, string> }>[] = [];
    page.on('request', (req: Request) => {
      if (req.url().startsWith(baseUrl())) sent.push(req.allHeaders().then((headers) => ({ url: req.url(), method: req.method(), headers })));
    });

    await app().locator('html[data-tg-sign-in="authenticated"]').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await app().evaluate(() => sessionStorage.getItem('tracker.sessionToken'))).toMatch(/\./);
    // The cookie path is closed here: without the header the API does not know this frame.
    expect(await app().evaluate(() => fetch('/api/user/me', { credentials: 'include' }).then((r) => r.status))).toBe(401);

    const key = projectKey('TW');
    const { project } = await call<{ project: { id: number } }>(app(), 'POST', '/api/projects', { key, name: 'Framed files' });
    const { issue } = await call<{ issue: { id: number; key: string } }>(app(), 'POST', '/api/issues', { projectId: project.id, title: 'Needs a file' });

    // Attachment: upload through the app's own file input, then see it listed.
    await navigate(app(), `/en/issues/${issue.key}`);
    await app().getByTestId('attachments').waitFor({ timeout: 15_000 });
    const bytes = randomBytes(4096);
    await app().getByTestId('attachment-input').setInputFiles({ name: 'data dump.bin', mimeType: 'application/octet-stream', buffer: bytes });
    const link = app().getByTestId('attachment-link').filter({ hasText: 'data dump.bin' });
    await link.waitFor();
    expect(await app().getByTestId('upload-error').count()).toBe(0);

    // Download: the app asks for a signed link with the header and hands it to Telegram Web
    // (downloadFile), which fetches it from its own page: the same bytes, and no cookie anywhere.
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const signed = new RegExp(`^${baseUrl()}/api/attachments/\\d+\\?user=\\d+&expires=\\d+&sig=[\\w-]+$`);
    expect(download.url()).toMatch(signed);
    expect(download.suggestedFilename()).toBe('data dump.bin');
    expect(Buffer.compare(await downloadBytes(download), bytes)).toBe(0);
    const asked = (await tgWebCalls(page)).filter((c) => c.method === 'web_app_request_file_download');
    expect(asked).toEqual([{ method: 'web_app_request_file_download', params: { url: download.url(), file_name: 'data dump.bin' } }]);

    // Avatar: upload on the profile page and see the new image load.
    await navigate(app(), '/en/user/profile');
    await app().getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const avatar = app().locator('.profile-card img[data-testid="avatar"]');
    await avatar.waitFor({ timeout: 15_000 });
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await app().getByTestId('avatar-error').count()).toBe(0);

    const requests = await Promise.all(sent);
    const find = (method: string, pattern: RegExp) => requests.find((r) => r.method === method && pattern.test(new URL(r.url).pathname + new URL(r.url).search));
    // Every request of the frame went without a cookie; the uploads and the link request carried the header.
    expect(requests.filter((r) => 'cookie' in r.headers).map((r) => r.url)).toEqual([]);
    for (const [method, pattern] of [
      ['POST', /^\/api\/issues\/\d+\/attachments$/],
      ['POST', /^\/api\/attachments\/\d+\/link$/],
      ['POST', /^\/api\/user\/avatar$/],
    ] as const) {
      expect(find(method, pattern)?.headers['x-session-token'], `${method} ${pattern}`).toMatch(/\./);
    }
    expect(find('GET', /^\/api\/attachments\/\d+\?.*sig=/)?.headers['x-session-token']).toBeUndefined();
    expect(await page.context().cookies(baseUrl())).toEqual([]);
    expect((await tgWebCalls(page)).map((c) => c.method)).toContain('web_app_ready');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('files in a Telegram mobile client', () => {
  it('hands the attachment to the client as a signed link that works with no session at all', async () => {
    const { context, page, errors } = await mobileApp('ios', 'light', 'Mobile');
    const key = `TM${Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
    const { project } = await call<{ project: { id: number } }>(page.mainFrame(), 'POST', '/api/projects', { key, name: 'Mobile files' });
    const { issue } = await call<{ issue: { key: string } }>(page.mainFrame(), 'POST', '/api/issues', { projectId: project.id, title: 'Photo inside' });
    await navigate(page.mainFrame(), `/en/issues/${issue.key}`);
    const bytes = randomBytes(2048);
    await page.getByTestId('attachment-input').setInputFiles({ name: 'scan.bin', mimeType: 'application/octet-stream', buffer: bytes });
    const link = page.getByTestId('attachment-link').filter({ hasText: 'scan.bin' });
    await link.waitFor({ timeout: 15_000 });
    await link.click();
    await expect.poll(() => tgCalls(page, 'web_app_request_file_download').then((calls) => calls.length)).toBe(1);
    const [asked] = await tgCalls(page, 'web_app_request_file_download');
    const { url, file_name } = asked!.params as { url: string; file_name: string };
    expect(file_name).toBe('scan.bin');
    expect(url).toMatch(new RegExp(`^${baseUrl()}/api/attachments/\\d+\\?user=\\d+&expires=\\d+&sig=[\\w-]+$`));
    // Telegram downloads it with none of the app's cookies or headers.
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), bytes)).toBe(0);
    expect(await tgViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hands the project exports and the timesheet CSV to the client as signed links that work with no session', async () => {
    const { context, page, errors } = await mobileApp('android', 'dark', 'Exporter');
    const key = projectKey('TX');
    const { project } = await call<{ project: { id: number } }>(page.mainFrame(), 'POST', '/api/projects', { key, name: 'Exports inside Telegram' });
    const { issue } = await call<{ issue: { key: string } }>(page.mainFrame(), 'POST', '/api/issues', { projectId: project.id, title: 'Counted in the export' });
    // Dated as the app dates it, on the page's today (the user has no zone of their own: the
    // browser's), so the entry is in the sheet's current week at any hour.
    const day = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    await call(page.mainFrame(), 'POST', `/api/issues/${issue.key}/time`, { spent: '1h 30m', note: 'Timed inside Telegram', date: day });
    const today = new Date().toISOString().slice(0, 10);
    /** Telegram downloads the address with none of the app's cookies or headers. */
    const fetched = async (url: string) => {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      return res.text();
    };

    await navigate(page.mainFrame(), `/en/projects/${key}/edit/export`);
    await page.getByTestId('export-csv').click();
    const csv = await askedDownload(page, 1);
    expect(csv.file_name).toBe(`${key}-export-${today}.csv`);
    expect(csv.url).toMatch(new RegExp(`^${baseUrl()}/api/projects/${key}/export\\.csv\\?user=\\d+&expires=\\d+&sig=[\\w-]+$`));
    expect(await fetched(csv.url)).toContain('Counted in the export');
    await page.getByTestId('export-json').click();
    const json = await askedDownload(page, 2);
    expect(json.file_name).toBe(`${key}-export-${today}.json`);
    expect((JSON.parse(await fetched(json.url)) as { issues: { title: string }[] }).issues.map((i) => i.title)).toEqual(['Counted in the export']);
    // No file was left to the webview, which may not save it.
    expect(await page.evaluate(() => document.querySelectorAll('a[href^="blob:"]').length)).toBe(0);

    await navigate(page.mainFrame(), '/en/timesheet');
    await page.getByTestId('sheet-export').click();
    const sheet = await askedDownload(page, 3);
    expect(sheet.file_name).toMatch(/^timesheet-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    expect(sheet.url).toMatch(new RegExp(`^${baseUrl()}/api/timesheet\\.csv\\?from=[\\d-]+&to=[\\d-]+&userId=\\d+&user=\\d+&expires=\\d+&sig=[\\w-]+$`));
    expect(await fetched(sheet.url)).toContain('Timed inside Telegram');
    // Tampered, the same address is refused.
    expect((await fetch(sheet.url.replace(/from=[\d-]+/, 'from=2000-01-01'))).status).toBe(403);

    expect(await tgViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hands a chart’s CSV and PNG, made in the page, to the client as signed links that work with no session', async () => {
    const { context, page, errors } = await mobileApp('android', 'light', 'Charter');
    const key = projectKey('TC');
    const { project } = await call<{ project: { id: number } }>(page.mainFrame(), 'POST', '/api/projects', { key, name: 'Charts inside Telegram' });
    await call(page.mainFrame(), 'POST', '/api/issues', { projectId: project.id, title: 'Counted in the chart' });

    await navigate(page.mainFrame(), `/en/projects/${key}`);
    await page.getByTestId('project-insights').click();
    const card = page.getByTestId('insight-created-resolved');
    await card.getByTestId('insight-chart').locator('svg .ct-line').first().waitFor({ timeout: 15_000 });
    const signed = new RegExp(`^${baseUrl()}/api/downloads/files/[0-9a-f-]{36}\\?user=\\d+&expires=\\d+&sig=[\\w-]+$`);

    await card.getByTestId('insight-created-resolved-csv').click();
    const csv = await askedDownload(page, 1);
    expect(csv.file_name).toMatch(/^created-resolved-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    expect(csv.url).toMatch(signed);
    // Telegram downloads the address with none of the app's cookies or headers.
    const text = await fetch(csv.url).then((r) => r.text());
    // (text() drops the byte order mark the file starts with)
    expect(text.startsWith('Week from,Created,Resolved\r\n'), text).toBe(true);
    expect(text).toMatch(/,1,0\r\n/);

    await card.getByTestId('insight-created-resolved-png').click();
    const png = await askedDownload(page, 2);
    expect(png.file_name).toMatch(/\.png$/);
    expect(png.url).toMatch(signed);
    const bytes = new Uint8Array(await (await fetch(png.url)).arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await page.evaluate(() => document.querySelectorAll('a[href^="blob:"]').length)).toBe(0);

    expect(await tgViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
