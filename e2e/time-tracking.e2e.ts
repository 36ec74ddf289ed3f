// Time tracking (issue 17, item 7): "Logged time appears in the timesheet". Time is logged on an
// issue page as typed in Russian, then the timesheet shows it in the issue's row and the totals,
// also on a 320 px screen, where only the grid scrolls sideways.
import type { Browser, Page } from 'playwright-core';
import { axeRun } from './a11y-kit.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, downloadBytes, launchBrowser, newContext, registerIn, until, watchErrors } from './browser.ts';
import { measureOverflow } from './layout-fit.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Serious or critical WCAG 2.1 AA violations in one part of the page, as it is. */
async function axe(page: Page, part: string): Promise<string[]> {
  const result = await axeRun(page, { include: `[data-testid="${part}"]` });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`);
}

const randomKey = () => `T${Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;

describe('time tracking', () => {
  it('logged time appears in the timesheet', async () => {
    const context = await newContext(browser, { locale: 'ru-RU' });
    await registerIn(context, undefined, 'Time Keeper');
    const { project } = await api<{ project: { id: number; key: string } }>(context, 'post', '/api/projects', { key: randomKey(), name: 'Time project' });
    const { issue } = await api<{ issue: { id: number; key: string } }>(context, 'post', '/api/issues', { projectId: project.id, title: 'Write the report' });

    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/issues/${issue.key}`);
    await page.getByTestId('time-section').waitFor();
    expect(await page.getByTestId('time-spent-total').textContent()).toContain('Время ещё не записано');

    await page.getByTestId('time-log-open').click();
    const form = page.getByTestId('time-log-form');
    await form.getByTestId('time-spent').fill('1ч 30м');
    await until(() => form.getByTestId('time-preview').textContent(), (text) => text === '= 1 час 30 минут', 'the live reading of the duration');
    await form.getByTestId('time-spent').fill('сколько-то');
    await until(() => form.getByTestId('time-preview').textContent(), (text) => !!text?.includes('Не понял время'), 'the refusal of garbage');
    await form.getByTestId('time-spent').fill('1ч 30м');
    await form.getByTestId('time-note').fill('Черновик отчёта');
    expect(await axe(page, 'time-section')).toEqual([]);
    await form.getByTestId('time-submit').click();

    await until(() => page.getByTestId('time-spent-total').textContent(), (text) => !!text?.includes('Потрачено: 1 ч 30 мин'), 'the spent total');
    await page.getByTestId('time-entry').first().waitFor();
    expect(await page.getByTestId('time-entry').count()).toBe(1);
    expect(await page.getByTestId('time-entry').textContent()).toContain('Черновик отчёта');

    // To the timesheet by the section's link: this week, the caller's own.
    await page.getByTestId('time-sheet-link').click();
    await page.getByTestId('page-timesheet').waitFor();
    const row = page.locator(`[data-testid="timesheet-row"][data-issue-key="${issue.key}"]`);
    await row.waitFor();
    expect(await row.getByTestId('timesheet-row-total').textContent()).toBe('1 ч 30 мин');
    expect(await page.getByTestId('timesheet-total').textContent()).toBe('1 ч 30 мин');
    expect(await axe(page, 'page-timesheet')).toEqual([]);

    // A month on a 320 px screen: the grid scrolls, the page does not.
    await page.setViewportSize({ width: 320, height: 700 });
    await page.getByTestId('sheet-view-month').click();
    await until(() => page.getByTestId('timesheet-grid').locator('thead th').count(), (n) => n >= 30, 'the month columns');
    await row.waitFor();
    const overflow = await measureOverflow(page);
    expect(overflow.pageScroll).toBe(0);
    expect(overflow.sticking).toEqual([]);
    expect(overflow.smallInputs).toEqual([]);
    const scroller = await page.locator('.sheet-scroll').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroller.scroll).toBeGreaterThan(scroller.client);

    // The CSV of the same sheet (the page's month, in its own days), as the server sends it.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sheet-export').click()]);
    expect((await downloadBytes(csv)).toString('utf8')).toContain(`${project.key},${issue.key},Write the report,90,1.50,Черновик отчёта\r\n`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
