// The project settings' sections (issue 27): a side list on a wide screen and rows then a section on a
// phone, each section at its own address (deep links, reload, the browser's back button); a label
// rename shown before the server answers, and a refused one rolled back with the server's words; a
// member of an archived project sees only what they may open, read-only, under the archived banner.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, registerIn, uniqueKey, watchErrors } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function owner(options: Parameters<typeof newContext>[1], lang: 'ru' | 'en') {
  const context = await newContext(browser, options);
  await registerIn(context, undefined, lang === 'ru' ? 'Ольга Настройкина' : 'Olga Settings');
  await api(context, 'patch', '/api/user/profile', { locale: lang });
  const { project } = await api<{ project: { id: number; key: string } }>(context, 'post', '/api/projects', { key: uniqueKey('ST'), name: 'Settings' });
  for (const name of ['zz-bug', 'zz-feature']) await api(context, 'post', `/api/projects/${project.id}/labels`, { name, color: '#3b82f6' });
  return { context, project };
}

const path = (url: string) => new URL(url).pathname;
const current = (page: Page) => page.locator('[data-testid="settings-nav"] [aria-current="page"]').getAttribute('data-testid');
// The test's own labels (a new project has its default ones too).
const labelNames = (page: Page) => page.getByTestId('label-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')).filter((n) => n?.startsWith('zz-')));
// A refused change is a 409 the browser logs as a failed resource; anything else is a fault.
const faults = (errors: string[]) => errors.filter((e) => !/status of 409/.test(e));

/** The server's own words for renaming `from` to a name another label has. */
async function refusalText(context: BrowserContext, labelId: number, name: string, lang: 'ru' | 'en') {
  // In the page's language, as the app asks.
  const res = await context.request.patch(`/api/labels/${labelId}`, { data: { name }, headers: { 'accept-language': lang } });
  expect(res.status()).toBe(409);
  return ((await res.json()) as { statusMessage: string }).statusMessage;
}

for (const lang of ['ru', 'en'] as const) {
  const prefix = lang === 'ru' ? '' : '/en';
  describe(`project settings (${lang})`, () => {
    let context: BrowserContext;
    let project: { id: number; key: string };
    afterAll(() => context?.close());

    it('a wide screen lists the sections beside the shown one; addresses survive reload and the back button', async () => {
      ({ context, project } = await owner({ viewport: { width: 1280, height: 800 } }, lang));
      const page = await context.newPage();
      const errors = watchErrors(page);
      const base = `${prefix}/projects/${project.key}/edit`;
      await page.goto(base);
      await page.getByTestId('page-projectEdit').getByTestId('project-form').waitFor();
      expect(await current(page)).toBe('settings-nav-general');
      expect(await page.getByTestId('settings-nav').getByRole('link').count()).toBe(9); // eight sections and the import

      await page.getByTestId('settings-nav-labels').click();
      await page.getByTestId('page-projectEditLabels').getByTestId('labels-editor').waitFor();
      expect(path(page.url())).toBe(`${base}/labels`);
      expect(await current(page)).toBe('settings-nav-labels');
      expect(await page.getByTestId('project-form').count()).toBe(0);

      await page.getByTestId('settings-nav-workflow').click();
      await page.getByTestId('workflow-editor').waitFor();
      await page.goBack();
      await page.getByTestId('labels-editor').waitFor();
      expect(path(page.url())).toBe(`${base}/labels`);
      await page.goBack();
      await page.getByTestId('project-form').waitFor();
      expect(path(page.url())).toBe(base);

      await page.goto(`${base}/members`);
      await page.getByTestId('members-editor').waitFor();
      await page.reload();
      await page.getByTestId('page-projectEditMembers').getByTestId('members-editor').waitFor();
      expect(await current(page)).toBe('settings-nav-members');
      expect(faults(errors)).toEqual([]);
    });

    it('a label rename shows before the server answers; a refused one comes back with the server’s words', async () => {
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${prefix}/projects/${project.key}/edit/labels`);
      await expect.poll(() => labelNames(page)).toEqual(['zz-bug', 'zz-feature']);

      // The server's answer waits until the page has shown the new name.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/labels/*', async (route) => {
        await held;
        await route.continue();
      });
      const answered = page.waitForResponse((r) => r.url().includes('/api/labels/') && r.request().method() === 'PATCH');
      const bug = page.locator('[data-testid="label-row"][data-name="zz-bug"]');
      await bug.getByTestId('label-name').fill('zz-defect');
      await bug.getByTestId('label-name').press('Enter');
      await expect.poll(() => labelNames(page)).toEqual(['zz-defect', 'zz-feature']);
      release();
      expect((await answered).status()).toBe(200);
      await page.unroute('**/api/labels/*');
      const stored = await api<{ labels: { id: number; name: string }[] }>(context, 'get', `/api/projects/${project.key}`);
      expect(stored.labels.map((l) => l.name).filter((n) => n.startsWith('zz-')).sort()).toEqual(['zz-defect', 'zz-feature']);

      // Renaming to a name the project has: refused, and the old name is back.
      const feature = stored.labels.find((l) => l.name === 'zz-feature')!;
      const words = await refusalText(context, feature.id, 'zz-defect', lang);
      const row = page.locator('[data-testid="label-row"][data-name="zz-feature"]');
      await row.getByTestId('label-name').fill('zz-defect');
      await row.getByTestId('label-name').press('Enter');
      expect(words).toBe(lang === 'ru' ? 'Конфликт с текущим состоянием данных' : 'This conflicts with the current data');
      await page.getByTestId('toast').filter({ hasText: words }).waitFor();
      await expect.poll(() => labelNames(page)).toEqual(['zz-defect', 'zz-feature']);
      expect(await page.locator('[data-testid="label-row"][data-name="zz-feature"]').getByTestId('label-name').inputValue()).toBe('zz-feature');
      expect(faults(errors)).toEqual([]);
    });

    it('a phone shows the sections as rows, then one section with a way back', async () => {
      const phone = await newContext(browser, { viewport: { width: 390, height: 760 }, isMobile: true, hasTouch: true, storageState: await context.storageState() });
      const page = await phone.newPage();
      const errors = watchErrors(page);
      const base = `${prefix}/projects/${project.key}/edit`;
      await page.goto(base);
      await page.getByTestId('settings-nav').waitFor();
      expect(await page.getByTestId('project-form').count()).toBe(0);
      expect(await page.getByTestId('settings-nav').locator('[aria-current]').count()).toBe(0);

      await page.getByTestId('settings-nav-members').click();
      await page.getByTestId('page-projectEditMembers').getByTestId('members-editor').waitFor();
      expect(path(page.url())).toBe(`${base}/members`);
      expect(await page.getByTestId('settings-nav').count()).toBe(0);
      await page.getByTestId('invites-panel').waitFor();

      await page.getByTestId('settings-back').click();
      await page.getByTestId('settings-nav-general').waitFor();
      expect(path(page.url())).toBe(base);
      await page.goBack();
      await page.getByTestId('members-editor').waitFor();

      await page.goto(`${base}/general`);
      await page.reload();
      await page.getByTestId('page-projectEditGeneral').getByTestId('project-form').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(faults(errors)).toEqual([]);
      await phone.close();
    });
  });
}

describe('project settings for a member of an archived project', () => {
  it('lists only what a member may open, keeps the archived banner on every section, and refuses webhooks by address', async () => {
    const { context: ownerContext, project } = await owner({}, 'en');
    const member = await newContext(browser, { viewport: { width: 1280, height: 800 } });
    const { id } = await registerIn(member, undefined, 'Mia Member');
    await api(ownerContext, 'put', `/api/projects/${project.id}/members/${id}`, { role: 'member' });
    await api(ownerContext, 'post', `/api/projects/${project.id}/archive`);
    const page = await member.newPage();
    const errors = watchErrors(page);

    await page.goto(`/en/projects/${project.key}/edit/labels`);
    await page.getByTestId('labels-editor').waitFor();
    await page.getByTestId('project-archived-banner').waitFor();
    expect(await page.getByTestId('settings-nav-webhooks').count()).toBe(0);
    expect(await page.getByTestId('project-import-link').count()).toBe(0);
    expect(await page.getByTestId('settings-nav-labels').getAttribute('aria-current')).toBe('page');
    // Archived: a member who may edit labels reads them only.
    expect(await page.getByTestId('label-name').first().isDisabled()).toBe(true);
    expect(await page.getByTestId('label-new-name').count()).toBe(0);

    await page.getByTestId('settings-nav-members').click();
    await page.getByTestId('members-editor').waitFor();
    await page.getByTestId('project-archived-banner').waitFor();
    expect(await page.getByTestId('invites-panel').count()).toBe(0);
    expect(await page.getByTestId('member-role').first().isDisabled()).toBe(true);

    await page.goto(`/en/projects/${project.key}/edit/webhooks`);
    await page.getByTestId('settings-section-webhooks').getByText('You do not have permission').waitFor();
    expect(await page.getByTestId('webhooks-editor').count()).toBe(0);
    expect(errors).toEqual([]);
    await member.close();
    await ownerContext.close();
  });
});
