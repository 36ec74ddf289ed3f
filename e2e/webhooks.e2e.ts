// The webhooks section of the project settings on a 320 px phone, in Russian: an owner adds a webhook
// to a receiver on loopback (allowed by WEBHOOK_ALLOWED_HOSTS), sees its secret, the delivery of a new
// issue in the log, sends it again, and deletes the webhook after confirming.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, registerIn, uniqueKey, until, watchErrors } from './browser.ts';
import { measureOverflow } from './layout-fit.ts';

let browser: Browser;
let owner: BrowserContext;
let project: { id: number; key: string };
const received: string[] = [];
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received.push(String(req.headers['x-tracker-event']));
    res.end('принято');
  });
});

beforeAll(async () => {
  receiver.listen(0, '127.0.0.1');
  await new Promise((resolve) => receiver.once('listening', resolve));
  browser = await launchBrowser();
  owner = await newContext(browser, { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  await registerIn(owner, undefined, 'Владелец Проекта');
  const key = uniqueKey('WH');
  ({ project } = await api<{ project: { id: number; key: string } }>(owner, 'post', '/api/projects', { key, name: 'Вебхуки' }));
});

afterAll(async () => {
  await owner?.close();
  await browser?.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhooks in the project settings', () => {
  it('adds a webhook, shows its delivery log with Redeliver, and deletes it, fitting 320 px', async () => {
    const page = await owner.newPage();
    const errors = watchErrors(page);
    await page.goto(`/projects/${project.key}/edit/webhooks`);
    // The section ends the page: centred, so the fixed tab bar does not cover its buttons.
    const centre = (testId: string) => page.getByTestId(testId).first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await centre('webhook-add');
    await page.getByTestId('webhook-add').click();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await page.getByTestId('webhook-url').fill('http://10.0.0.1/hook');
    await centre('webhook-submit');
    await page.getByTestId('webhook-submit').click();
    await page.getByText('Это частный или локальный адрес').waitFor();
    await page.getByTestId('webhook-url').fill(url);
    await page.getByTestId('webhook-event-issue.updated').uncheck();
    // Each event's label reads on one line beside its box (it wrapped letter by letter: "Issue create d").
    const events = page.locator('.webhook__events label');
    for (let i = 0; i < (await events.count()); i++) {
      const [box, text] = await events.nth(i).evaluate((el) => [el.querySelector('input')!.getBoundingClientRect().width, el.getBoundingClientRect().height]);
      expect(box).toBeLessThan(30);
      expect(text).toBeLessThan(36);
    }
    await centre('webhook-submit');
    await page.getByTestId('webhook-submit').click();
    const row = page.getByTestId('webhook-row');
    await row.waitFor();
    expect(await page.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_/);
    expect(await row.textContent()).not.toContain('Задача изменена');

    await api(owner, 'post', '/api/issues', { projectId: project.id, title: 'Первая задача' });
    await until(async () => received.length, (n) => n >= 1, 'the receiver got the delivery');
    await centre('webhook-log');
    await page.getByTestId('webhook-log').click();
    const delivery = page.getByTestId('delivery-row').first();
    await delivery.waitFor();
    expect(await delivery.textContent()).toContain('Доставлено');
    expect(await delivery.textContent()).toContain('HTTP 200');
    // The receiver is on an allowed private host: its answer is not kept, so an owner cannot read one through the log.
    expect(await delivery.textContent()).not.toContain('принято');
    expect(await measureOverflow(page)).toMatchObject({ pageScroll: 0, sticking: [] });

    await centre('delivery-redeliver');
    await page.getByTestId('delivery-redeliver').first().click();
    await until(async () => received.length, (n) => n >= 2, 'the redelivery');
    expect(received).toEqual(['issue.created', 'issue.created']);

    await centre('webhook-delete');
    await page.getByTestId('webhook-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByText('Вебхуков пока нет').waitFor();
    // The one refusal asked for above (a private address) is the only failed request.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  });
});
