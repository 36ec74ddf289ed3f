// The timeline (issue 29): a drag moves an issue's dates with one write, another member's browser
// shows the bar move without a reload, the toast's Undo puts them back, a start before the blocker's
// end is marked, ends resize and the keyboard moves; a bar held at the chart's side scrolls the chart
// and lands beyond the days that were in view; on a phone it is read only and scrolls sideways.
import type { BrowserContext, Page } from 'playwright-core';
import { addDays } from '@tracker/shared/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothSchemes } from './a11y-kit.ts';
import { api, launchBrowser, newContext, registerIn, uniqueKey, until, waitForLive, watchErrors } from './browser.ts';
import { measureOverflow } from './layout-fit.ts';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let owner: BrowserContext;
let project: { id: number; key: string };
const issues: Record<'design' | 'build', { id: number; key: string }> = {} as never;
// Week zoom around 10 March 2027 (40 px a day): the window is 8 Feb – 2 May.
const URL_PATH = () => `/en/timeline?zoom=week&date=2027-03-10&project=${project.id}`;
const DAY = 40;

type Dates = { startDate: string | null; dueDate: string | null };
const datesOf = async (id: number): Promise<Dates> => {
  const { issue } = await api<{ issue: Dates }>(owner, 'get', `/api/issues/${id}`);
  return { startDate: issue.startDate, dueDate: issue.dueDate };
};
const same = (want: Dates) => (got: Dates) => got.startDate === want.startDate && got.dueDate === want.dueDate;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newContext(browser);
  await registerIn(owner, undefined, 'Timeline Owner');
  ({ project } = await api<{ project: { id: number; key: string } }>(owner, 'post', '/api/projects', { key: uniqueKey('TL'), name: 'Timeline of the export, a project with a long name' }));
  const create = async (title: string, startDate: string, dueDate: string) => (await api<{ issue: { id: number; key: string } }>(owner, 'post', '/api/issues', { projectId: project.id, title, startDate, dueDate })).issue;
  issues.design = await create('Design the export', '2027-03-01', '2027-03-05');
  issues.build = await create('Build the export', '2027-03-08', '2027-03-12');
  await api(owner, 'post', `/api/issues/${issues.design.key}/relations`, { type: 'blocks', issue: issues.build.key });
  await api(owner, 'post', `/api/projects/${project.id}/milestones`, { name: 'Export ready', targetDate: '2027-03-19' });
});
afterAll(() => browser?.close());

/** Presses bar `key` at `at` px from its left edge (or its middle) and drops it `dx` px away, in small steps. */
async function drag(page: Page, key: string, dx: number, at?: number) {
  const bar = page.getByTestId(`tl-bar-${key}`);
  const box = (await bar.boundingBox())!;
  const x = box.x + (at ?? box.width / 2);
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + Math.sign(dx) * 6, y, { steps: 2 });
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
}

/** The issue PATCHes a page sends from now on. */
function patches(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && /\/api\/issues\/\d+$/.test(new URL(r.url()).pathname)) sent.push(r.postData() ?? '');
  });
  return sent;
}

describe('timeline', () => {
  it('a drag is one write, undoable, shown live in another browser; a start before the blocker ends is marked; ends resize; keys move', async () => {
    const member = await newContext(browser);
    const memberUser = await registerIn(member, undefined, 'Timeline Member');
    await api(owner, 'put', `/api/projects/${project.id}/members/${memberUser.id}`, { role: 'member' });

    const page = await owner.newPage();
    const errors = watchErrors(page);
    const sent = patches(page);
    const other = await member.newPage();
    for (const p of [page, other]) {
      await p.goto(URL_PATH());
      await p.getByTestId(`tl-bar-${issues.build.key}`).waitFor();
      await waitForLive(p);
    }
    const bar = (p: Page, key: string) => p.getByTestId(`tl-bar-${key}`);
    // The arrow design → build, the milestone's diamond, and no warning yet.
    await page.locator('path.tl-arrow').first().waitFor();
    expect(await page.locator('path.tl-arrow--warning').count()).toBe(0);
    expect(await page.getByTestId('tl-milestone-2027-03-19').getAttribute('title')).toContain('Export ready');
    expect(await bar(page, issues.build.key).getAttribute('aria-label')).toBe(`${issues.build.key} Build the export, Mar 8 – 12, 2027`);

    // Four days earlier: 4–8 March, before "design" ends on the 5th.
    await drag(page, issues.build.key, -4 * DAY);
    const moved = { startDate: '2027-03-04', dueDate: '2027-03-08' };
    await until(() => datesOf(issues.build.id), same(moved), 'the dragged dates on the server');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toMatchObject(moved);
    await expect.poll(() => bar(other, issues.build.key).getAttribute('data-start')).toBe('2027-03-04');
    for (const p of [page, other]) {
      await expect.poll(() => bar(p, issues.build.key).getAttribute('class')).toContain('tl-bar--warning');
      expect(await bar(p, issues.build.key).getAttribute('aria-label')).toContain(`Starts before ${issues.design.key}, which blocks it, ends`);
    }
    await page.getByTestId('tl-warning').waitFor();
    expect(await page.locator('path.tl-arrow--warning').count()).toBe(1);
    // Warnings, arrows and diamonds read in both schemes (axe: no serious or critical violation).
    expect(await bothSchemes(page, 'the timeline')).toEqual([]);

    // Undo from the toast: the dates come back, there and in the other browser, and the mark goes.
    await page.getByTestId('toast').filter({ hasText: issues.build.key }).getByTestId('toast-action').click();
    await until(() => datesOf(issues.build.id), same({ startDate: '2027-03-08', dueDate: '2027-03-12' }), 'the undone dates');
    await expect.poll(() => bar(other, issues.build.key).getAttribute('data-start')).toBe('2027-03-08');
    await expect.poll(() => bar(other, issues.build.key).getAttribute('class')).not.toContain('tl-bar--warning');
    expect(sent).toHaveLength(2);

    // The right end, two days later: only the due date changes.
    const width = (await bar(page, issues.build.key).boundingBox())!.width;
    await drag(page, issues.build.key, 2 * DAY, width - 3);
    await until(() => datesOf(issues.build.id), same({ startDate: '2027-03-08', dueDate: '2027-03-14' }), 'the resized end');
    expect(JSON.parse(sent[2]!)).toMatchObject({ dueDate: '2027-03-14' });
    expect(JSON.parse(sent[2]!)).not.toHaveProperty('startDate');

    // The keyboard: two days later, saved by Enter in one write.
    await bar(page, issues.design.key).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('tl-live').textContent()).toContain('Mar 3 – 7, 2027');
    expect(sent).toHaveLength(3);
    await page.keyboard.press('Enter');
    await until(() => datesOf(issues.design.id), same({ startDate: '2027-03-03', dueDate: '2027-03-07' }), 'the keyboard move');
    expect(sent).toHaveLength(4);
    expect(page.url()).toContain('/en/timeline');
    await expect.poll(() => bar(other, issues.design.key).getAttribute('data-start')).toBe('2027-03-03');

    expect(errors).toEqual([]);
    await member.close();
    await page.close();
  });

  it('on a phone it is read only and scrolls sideways', async () => {
    const phone = await newContext(browser, { viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true, storageState: await owner.storageState() });
    const page = await phone.newPage();
    const sent = patches(page);
    await page.goto(URL_PATH());
    const bar = page.getByTestId(`tl-bar-${issues.build.key}`);
    await bar.waitFor();
    const chart = page.getByTestId('tl-chart');
    expect(await chart.getAttribute('class')).toContain('tl-scroll--read-only');
    expect(await page.locator('#tl-keys-hint').textContent()).toBe('Read only on a phone: scroll sideways to see more.');
    expect(await bar.getAttribute('aria-keyshortcuts')).toBeNull();

    // A long press and a slide on the bar moves nothing.
    const before = await datesOf(issues.build.id);
    const box = (await bar.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.keyboard.press('ArrowRight');
    expect(sent).toEqual([]);
    expect(await datesOf(issues.build.id)).toEqual(before);

    // Sideways: the chart is wider than the screen and scrolls.
    const { scrollWidth, clientWidth, scrollLeft } = await chart.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, scrollLeft: el.scrollLeft }));
    expect(scrollWidth).toBeGreaterThan(clientWidth * 3);
    await chart.evaluate((el) => el.scrollBy(600, 0));
    expect(await chart.evaluate((el) => el.scrollLeft)).toBeGreaterThan(scrollLeft);
    // Only the chart scrolls sideways: the page fits the narrowest phone, its fields do not make iOS zoom.
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.getByTestId('tl-fold').click();
      await page.getByTestId('tl-filter-cycle').waitFor();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      expect(await measureOverflow(page), `${width} px`).toEqual({ pageScroll: 0, sticking: [], smallInputs: [] });
      await page.getByTestId('tl-fold').click();
    }
    await phone.close();
  });

  it('a bar held at the side of the chart scrolls it, and lands on the day under the pointer beyond the days that were in view', async () => {
    const page = await owner.newPage();
    await page.goto(URL_PATH());
    const chart = page.getByTestId('tl-chart');
    const bar = page.getByTestId(`tl-bar-${issues.build.key}`);
    await bar.waitFor();
    const before = await datesOf(issues.build.id);
    const scrollLeft = () => chart.evaluate((el) => el.scrollLeft);
    const startLeft = await scrollLeft();
    const side = (await chart.boundingBox())!;
    const box = (await bar.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 6, y, { steps: 2 });
    await page.mouse.move(side.x + side.width - 4, y, { steps: 8 });
    await until(scrollLeft, (left) => left >= startLeft + 10 * DAY, 'the chart to scroll under the held bar');
    // Away from the side the scroll stops; the pointer then rests on a whole number of days from where it went down.
    await page.mouse.move(side.x + side.width - 200, y, { steps: 4 });
    const scrolled = (await scrollLeft()) - startLeft;
    const days = Math.round((side.x + side.width - 200 - x + scrolled) / DAY);
    await page.mouse.move(x + days * DAY - scrolled, y, { steps: 2 });
    expect(await scrollLeft()).toBe(startLeft + scrolled);
    await page.mouse.up();
    // Farther than from the bar to the chart's side: onto days that were not in view.
    expect(days * DAY).toBeGreaterThan(side.x + side.width - x);
    await until(() => datesOf(issues.build.id), same({ startDate: addDays(before.startDate!, days), dueDate: addDays(before.dueDate!, days) }), 'the dates the scrolled drag gave');
    await page.close();
  });
});
