// Quick add on My work (issue 27, day one): a person who is not in the line's project is marked beside
// the token with the fix offered there ("not in MA — Add to MA?"), in the user's language; adding them
// resolves the chip through the sync feed, and Enter then creates the issue assigned to them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, registerIn, uniqueEmail, uniqueKey, waitForLive } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('quick add on My work', () => {
  for (const lang of ['en', 'ru'] as const) {
    it(`offers to add a person who is not in the line's project, then assigns them (${lang})`, async () => {
      const owner = await newContext(browser);
      await registerIn(owner, uniqueEmail('qaowner'), 'Quick Owner');
      const mate = await newContext(browser);
      // Quick add's @handle is Latin (a Telegram username, an e-mail's local part or the name without spaces).
      const name = `Olga ${uniqueKey('Q', 6)}`;
      const mateUser = await registerIn(mate, uniqueEmail('qamate'), name);
      const key = uniqueKey('QA', 6);
      await api(owner, 'post', '/api/projects', { key, name: 'Quick' });
      const { project: other } = await api<{ project: { id: number } }>(owner, 'post', '/api/projects', { key: uniqueKey('QB', 6), name: 'Other' });
      // Known to the owner through another project, not in this one.
      await api(owner, 'put', `/api/projects/${other.id}/members/${mateUser.id}`, { role: 'member' });

      const page = await owner.newPage();
      await page.goto(lang === 'ru' ? '/' : '/en');
      await page.getByTestId('my-quick-add').waitFor();
      await waitForLive(page);
      const handle = name.replace(' ', '');
      await page.getByTestId('qa-input').fill(`Plan the release +${key} @${handle}`);
      const chip = page.locator('[data-testid="qa-chip"][data-kind="assignee"]');
      await expect.poll(() => chip.textContent()).toContain(lang === 'ru' ? `(не в проекте ${key})` : `(not in ${key})`);
      expect(await chip.evaluate((el) => el.classList.contains('qa-chip--unresolved'))).toBe(true);

      const fix = chip.getByTestId('qa-chip-fix');
      expect(await fix.textContent()).toBe(lang === 'ru' ? `Добавить в ${key}?` : `Add to ${key}?`);
      await fix.click();
      // The membership arrives by the sync feed: the chip resolves to the person, with no note and no fix.
      await expect.poll(() => chip.evaluate((el) => el.classList.contains('qa-chip--unresolved'))).toBe(false);
      expect(await chip.getByTestId('qa-chip-fix').count()).toBe(0);
      await page.getByTestId('qa-input').press('Enter');
      await expect
        .poll(async () => (await api<{ issues: { title: string; assignee: { id: number } | null }[] }>(owner, 'get', `/api/issues?project=${key}`)).issues.map((i) => [i.title, i.assignee?.id]))
        .toEqual([['Plan the release', mateUser.id]]);
      await owner.close();
      await mate.close();
    });
  }
});

describe('quick add into a cycle (issue 29)', () => {
  it('puts the issue in the current cycle with *current, and My work then shows my share of it', async () => {
    const owner = await newContext(browser);
    await registerIn(owner, uniqueEmail('qacycle'), 'Cycle Owner');
    const key = uniqueKey('QC', 6);
    const bare = uniqueKey('QN', 6);
    const { project } = await api<{ project: { id: number } }>(owner, 'post', '/api/projects', { key, name: 'Sprints' });
    await api(owner, 'post', '/api/projects', { key: bare, name: 'No cycles' });
    const { cycles } = await api<{ cycles: { id: number; number: number }[] }>(owner, 'put', `/api/projects/${project.id}/cycle-settings`, { weeks: 2, startDay: 1 });

    const page = await owner.newPage();
    await page.goto('/en');
    await page.getByTestId('my-quick-add').waitFor();
    await waitForLive(page);
    const chip = page.locator('[data-testid="qa-chip"][data-kind="cycle"]');
    // A project without cycles: the chip says the issue will be in none (a hint, not a refusal).
    await page.getByTestId('qa-input').fill(`Plan the release *current +${bare}`);
    await expect.poll(() => chip.textContent()).toContain(`${bare} has no current cycle: the issue will be in none`);
    await page.getByTestId('qa-input').fill(`Plan the release *current +${key}`);
    await expect.poll(() => chip.textContent()).toContain('current (Cycle 1)');
    await page.getByTestId('qa-input').press('Enter');
    await expect
      .poll(async () => (await api<{ issues: { title: string; cycleId: number | null }[] }>(owner, 'get', `/api/issues?project=${key}`)).issues.map((i) => [i.title, i.cycleId]))
      .toEqual([['Plan the release', cycles[0]!.id]]);

    // The new issue is mine (My work's quick add assigns to me): the card counts it, and links to the cycle page.
    const card = page.getByTestId('my-cycle');
    await expect.poll(() => card.getByTestId('my-cycle-done').textContent()).toBe('0 of my 1 issue done');
    expect(await card.getByRole('link').getAttribute('href')).toBe(`/en/cycles/${cycles[0]!.id}`);
    await owner.close();
  });
});
