// The API reference page (/api/docs) in a real browser: swagger-ui, served from the installed
// package, renders every operation of /api/openapi.json under the product's strict CSP, and the page
// reaches no other origin.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newContext, watchErrors } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('API reference page', () => {
  it('lists every operation of the document, with no CSP violation, error or outside request', async () => {
    const context = await newContext(browser, { locale: 'en-US', viewport: { width: 1280, height: 2400 } });
    // CSP violations are events first (and console errors too): both are watched.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));

    const spec = (await (await context.request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { operationId: string; tags: string[] }>> };
    const operations = Object.values(spec.paths)
      .flatMap((item) => Object.values(item))
      .map((op) => `operations-${op.tags[0]}-${op.operationId}`)
      .sort();

    await page.goto('/api/docs');
    await page.locator('.swagger-ui .info .title').filter({ hasText: 'Tracker API' }).waitFor();
    await page.locator('.opblock').first().waitFor();
    // swagger-ui keeps only the operations near the viewport in the page: they are read while scrolling.
    const shown = new Set<string>();
    for (let bottom = false; !bottom; ) {
      // What is in the page once it has stopped changing (five frames alike), then half a screen on.
      const step = await page.evaluate(
        () =>
          new Promise<{ ids: string[]; end: boolean }>((resolve) => {
            let last = '';
            let alike = 0;
            const check = () => {
              const ids = [...document.querySelectorAll('.opblock[id^="operations-"]')].map((el) => el.id);
              alike = ids.join() === last ? alike + 1 : 0;
              last = ids.join();
              if (alike < 5) return requestAnimationFrame(check);
              const end = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
              window.scrollBy(0, window.innerHeight / 2);
              resolve({ ids, end });
            };
            check();
          }),
      );
      step.ids.forEach((id) => shown.add(id));
      bottom = step.end;
    }
    expect([...shown].sort()).toEqual(operations);
    // The credentials the API takes are offered, and an operation's link opens it with its parameters.
    expect(await page.getByRole('button', { name: /Authorize/ }).count()).toBeGreaterThan(0);
    const linked = await context.newPage();
    const linkedErrors = watchErrors(linked);
    await linked.goto('/api/docs#/issues/issuesList');
    await linked.locator('#operations-issues-issuesList.is-open .parameters').getByText('assignee').first().waitFor();
    expect(linkedErrors).toEqual([]);
    expect(await linked.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);

    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(baseUrl()) && !url.startsWith('data:'))).toEqual([]);
    await context.close();
  });
});
