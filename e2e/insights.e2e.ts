// Insights (issue 29, part 4): a project's charts, reached from its page. Chartist arrives only once a
// chart is drawn; the table view shows the figures (a captioned table), the CSV holds the same, the
// PNG is an image; no serious or critical axe violation, light and dark.
import { startOfWeek, todayIn } from '@tracker/shared/dates';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothSchemes } from './a11y-kit.ts';
import { api, downloadBytes, launchBrowser, newContext, registerIn, uniqueKey, until, watchErrors } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('insights', () => {
  it('shows a project’s charts, their table and CSV, and a PNG, with Chartist loaded only for the charts', async () => {
    const context = await newContext(browser, { locale: 'en-GB', colorScheme: 'light' });
    await registerIn(context, undefined, 'Chart Reader');
    const { project, statuses } = await api<{ project: { id: number; key: string }; statuses: { id: number; category: string }[] }>(context, 'post', '/api/projects', { key: uniqueKey('IN', 8), name: 'Charted' });
    const done = statuses.find((s) => s.category === 'completed')!.id;
    for (const title of ['First', 'Second', 'Third']) await api(context, 'post', '/api/issues', { projectId: project.id, title });
    const { issues } = await api<{ issues: { id: number }[] }>(context, 'get', `/api/issues?project=${project.key}`);
    await api(context, 'patch', `/api/issues/${issues[0]!.id}`, { statusId: done });

    const page = await context.newPage();
    const errors = watchErrors(page);
    const chartist: string[] = [];
    page.on('request', (r) => /\/assets\/draw-[\w-]+\.js$/.test(r.url()) && chartist.push(r.url()));
    await page.goto(`/en/projects/${project.key}`);
    expect(chartist).toEqual([]);
    await page.getByTestId('project-insights').click();
    await page.getByTestId('page-insights').waitFor();
    expect(new URL(page.url()).search).toBe(`?project=${project.key}`);

    const card = page.getByTestId('insight-created-resolved');
    await card.getByTestId('insight-chart').locator('svg .ct-line').first().waitFor();
    expect(chartist).toHaveLength(1);

    // This week (the first day of the week in the server's default zone): three created, one resolved.
    const week = startOfWeek(todayIn(DEFAULT_TIME_ZONE), 1);
    await card.getByTestId('insight-created-resolved-show-table').click();
    const table = card.getByTestId('insight-created-resolved-table');
    await until(() => table.getAttribute('data-shown'), (shown) => shown === 'true', 'the table view');
    expect(await table.locator('caption').textContent()).toMatch(/^Created vs resolved, /);
    expect(await table.locator('thead th').allTextContents()).toEqual(['Week from', 'Created', 'Resolved']);
    expect(await table.locator('tbody tr').last().locator('td').allTextContents()).toEqual(['3', '1']);
    expect(await card.getByTestId('insight-created-resolved-show-table').getAttribute('aria-pressed')).toBe('true');

    const [csv] = await Promise.all([page.waitForEvent('download'), card.getByTestId('insight-created-resolved-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/^created-resolved-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    const text = (await downloadBytes(csv)).toString('utf8');
    expect(text.startsWith('\uFEFFWeek from,Created,Resolved\r\n')).toBe(true);
    expect(text.endsWith(`${week},3,1\r\n`)).toBe(true);
    expect(text.split('\r\n')).toHaveLength(12 + 2);

    // Back to the chart: its image, drawn from the SVG.
    await card.getByTestId('insight-created-resolved-show-chart').click();
    await card.getByTestId('insight-chart').locator('svg .ct-line').first().waitFor();
    const [png] = await Promise.all([page.waitForEvent('download'), card.getByTestId('insight-created-resolved-png').click()]);
    expect([...(await downloadBytes(png)).subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    // The open issues by assignee: the two left, nobody's.
    const workload = page.getByTestId('insight-workload');
    await workload.getByTestId('insight-workload-show-table').click();
    await until(() => workload.getByTestId('insight-workload-table').locator('tbody tr').allTextContents(), (rows) => rows.join('|') === 'Unassigned2', 'the workload table');

    expect(await bothSchemes(page, 'insights')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
