// The one date input (issue 27, components/DateInput.tsx) on the issue page: the day in the app's
// language (26.11.2026 / 11/26/2026: ru-RU and en-US, as every other date), a calendar in that language with Monday first, a day picked
// there or typed (either form or ISO) saved once whole or on Enter, garbage refused, an empty box saving none.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothSchemes } from './a11y-kit.ts';
import { api, newContext, until, watchErrors } from './browser.ts';
import { issueFixture, TZ, type IssueFixture } from './issue-fixture.ts';

let f: IssueFixture;

beforeAll(async () => {
  f = await issueFixture('Dates');
});

afterAll(() => f?.close());

async function openIssue(path: string, title: string, context = f.owner): Promise<{ page: Page; key: string; errors: string[] }> {
  const { issue } = await api<{ issue: { key: string } }>(f.owner, 'post', '/api/issues', { projectId: f.project.id, title, dueDate: '2026-11-26' });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${path}/issues/${issue.key}`);
  await page.getByTestId('page-issue').waitFor();
  return { page, key: issue.key, errors };
}

const due = (key: string) => f.getIssue(key).then((i) => i.dueDate);
const saved = (key: string, day: string | null) => until(() => due(key), (d) => d === day, `due date ${day}`);

/** Opens the due date's calendar with its button and waits for the lazily loaded grid. */
async function openCalendar(page: Page): Promise<Locator> {
  await page.getByTestId('issue-due-open').click();
  const calendar = page.getByTestId('issue-due-calendar');
  await calendar.locator('.rdp-weekday').first().waitFor();
  return calendar;
}

/** `YYYY-MM-DD` of today and tomorrow in the fixture's zone, the owner's browser's. */
function todayAndTomorrow(): [string, string] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const next = new Date(`${today}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return [today, next.toISOString().slice(0, 10)];
}
const russian = (day: string) => day.split('-').reverse().join('.');

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);

describe('the date input', () => {
  it('in Russian: 26.11.2026, a calendar from Monday in Russian; a picked day and a typed one are saved, garbage is not', async () => {
    const { page, key, errors } = await openIssue('', 'Срок в календаре');
    const input = page.getByTestId('issue-due');
    await expect.poll(() => input.inputValue()).toBe('26.11.2026');

    const calendar = await openCalendar(page);
    expect(await calendar.locator('.rdp-weekday').allInnerTexts()).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
    expect(await calendar.locator('.rdp-caption_label').innerText()).toBe('ноябрь 2026');
    expect(await calendar.locator('.rdp-selected').innerText()).toBe('26');
    // The chosen day has the focus: the keyboard starts there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.rdp-selected') !== null)).toBe(true);
    expect(await page.getByTestId('issue-due-open').getAttribute('aria-label')).toBe('Выбрать дату в календаре');
    expect(await bothSchemes(page, 'the open calendar')).toEqual([]);

    // Escape closes it and gives the focus back to its button; nothing is saved.
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });
    expect(await focusedTestId(page)).toBe('issue-due-open');

    // A click on a day saves it, and the page shows it after a reload.
    await (await openCalendar(page)).locator('.rdp-day_button', { hasText: /^27$/ }).click();
    await calendar.waitFor({ state: 'detached' });
    await saved(key, '2026-11-27');
    await page.reload();
    await expect.poll(() => input.inputValue()).toBe('27.11.2026');

    // Typed in the Russian form: saved once the date is whole (its year's four digits), not before;
    // the box keeps the text as typed until Enter shows it in full.
    await input.fill('');
    await input.pressSequentially('3.12.202');
    expect(await due(key)).toBe('2026-11-27');
    await input.press('6');
    await saved(key, '2026-12-03');
    expect(await input.inputValue()).toBe('3.12.2026');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('03.12.2026');

    // Not a day: marked, explained, never saved.
    await input.fill('32.12.2026');
    await input.press('Enter');
    await page.getByTestId('issue-due-problem').filter({ hasText: 'Введите дату в виде' }).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await input.press('Tab');
    expect(await due(key)).toBe('2026-12-03');

    // An empty box is no date; the calendar then opens on today's month, today marked.
    await input.fill('');
    await input.press('Enter');
    await saved(key, null);
    expect(await input.getAttribute('aria-invalid')).toBeNull();
    const empty = await openCalendar(page);
    expect(await empty.locator('.rdp-selected').count()).toBe(0);
    expect(await empty.locator('.rdp-today .rdp-day_button').getAttribute('aria-label')).toMatch(/^Сегодня, /);
    expect(errors).toEqual([]);
  });

  it('in English: 11/26/2026 (en-US), a calendar from Monday in English; the keyboard picks a day, ISO typing works', async () => {
    const { page, key, errors } = await openIssue('/en', 'Due in the calendar');
    const input = page.getByTestId('issue-due');
    await expect.poll(() => input.inputValue()).toBe('11/26/2026');

    const calendar = await openCalendar(page);
    expect(await calendar.locator('.rdp-weekday').allInnerTexts()).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    expect(await calendar.locator('.rdp-caption_label').innerText()).toBe('November 2026');
    expect(await page.getByTestId('issue-due-open').getAttribute('aria-label')).toBe('Choose a date in the calendar');
    // From the chosen 26th a week on, then one day back: Wednesday 2 December.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.rdp-selected') !== null)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    await saved(key, '2026-12-02');
    expect(await input.inputValue()).toBe('12/02/2026');

    await input.fill('2027-01-15');
    await input.press('Tab'); // leaving the box commits too
    await saved(key, '2027-01-15');
    await page.reload();
    await expect.poll(() => input.inputValue()).toBe('01/15/2027');
    // Month first: the 15th month is no date.

    await input.fill('15/01/2027');
    await input.press('Enter');
    await page.getByTestId('issue-due-problem').filter({ hasText: 'Enter a date as' }).waitFor();
    expect(await due(key)).toBe('2027-01-15');
    expect(errors).toEqual([]);
  });

  it('on a phone: the box, its button and every day are a finger’s 44 px; at 320 px the calendar stays on screen', async () => {
    const phone = await newContext(f.browser, { viewport: { width: 390, height: 700 }, hasTouch: true, isMobile: true, storageState: await f.owner.storageState() });
    try {
      const { page } = await openIssue('', 'Срок на телефоне', phone);
      // On a phone the dates are in the Properties sheet.
      await page.getByTestId('issue-props-open').click();
      await page.getByTestId('issue-props-sheet').waitFor();
      await expect.poll(() => page.getByTestId('issue-due').inputValue()).toBe('26.11.2026');
      const sizes = (locator: Locator) => locator.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).flatMap((r) => [Math.round(r.width), Math.round(r.height)]));
      expect(Math.min(...(await sizes(page.getByTestId('issue-due-open'))))).toBeGreaterThanOrEqual(44);
      expect((await sizes(page.getByTestId('issue-due')))[1]).toBeGreaterThanOrEqual(44);
      const calendar = await openCalendar(page);
      const days = await sizes(calendar.locator('.rdp-day_button'));
      expect(days.length).toBe(60);
      expect(Math.min(...days)).toBeGreaterThanOrEqual(44);

      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 320, height: 700 });
      await openCalendar(page);
      const box = (await calendar.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    } finally {
      await phone.close();
    }
  });

  it('honours min: a token’s last day is tomorrow at the earliest, typed or picked', async () => {
    const [today, tomorrow] = todayAndTomorrow();
    const page = await f.owner.newPage();
    await page.goto('/user/profile');
    const input = page.getByTestId('api-token-expires');
    await input.fill(russian(today));
    await input.press('Enter');
    await page.getByTestId('api-token-expires-problem').filter({ hasText: `Не раньше ${russian(tomorrow)}` }).waitFor();
    expect(await page.getByTestId('api-token-created').count()).toBe(0);

    await page.getByTestId('api-token-expires-open').click();
    const calendar = page.getByTestId('api-token-expires-calendar');
    const day = (iso: string) => calendar.locator(`.rdp-day[data-day="${iso}"] .rdp-day_button`);
    await day(tomorrow).waitFor();
    // The calendar opens on the first month allowed: today is in it unless tomorrow starts a month.
    if (today.slice(0, 7) === tomorrow.slice(0, 7)) expect(await day(today).isDisabled()).toBe(true);
    await day(tomorrow).click();
    await expect.poll(() => input.inputValue()).toBe(russian(tomorrow));
    expect(await page.getByTestId('api-token-expires-problem').count()).toBe(0);
    await page.close();
  });
});
