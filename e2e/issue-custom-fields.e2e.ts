// Custom fields on the issue form: a value of every type, a required field's error, and the issue
// page and its history showing them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newContext, pickedIn, pickIn, registerIn, watchErrors } from './browser.ts';
import { ADMIN_EMAIL } from './global-setup.ts';
import { issueFixture, type IssueFixture } from './issue-fixture.ts';

let f: IssueFixture;
let issue: { id: number; key: string };
const fieldIds: number[] = [];

beforeAll(async () => {
  f = await issueFixture('Custom fields');
  ({ issue } = await api<{ issue: { id: number; key: string } }>(f.owner, 'post', '/api/issues', { projectId: f.project.id, title: 'Починить вход' }));
});

afterAll(async () => {
  // Fields scoped to all projects would show up in other specs' forms: archive them.
  if (fieldIds.length && f) {
    const admin = await newContext(f.browser);
    await registerIn(admin, ADMIN_EMAIL, 'Admin');
    for (const id of fieldIds) await admin.request.post(`/api/admin/custom-fields/${id}/archive`);
    await admin.close();
  }
  await f?.close();
});

describe('custom fields', () => {
  it('sets a value of every type in the edit form; a required empty field shows its error', async () => {
    const admin = await newContext(f.browser);
    await registerIn(admin, ADMIN_EMAIL, 'Admin');
    const make = async (type: string, extra: Record<string, unknown> = {}) => {
      const { field } = await api<{ field: { id: number; options: { id: number; name: string }[] } }>(admin, 'post', '/api/admin/custom-fields', {
        type,
        name: { ru: `Поле ${type} ${f.stamp}`, en: `Field ${type} ${f.stamp}` },
        scope: 'all',
        ...extra,
      });
      fieldIds.push(field.id);
      return field;
    };
    const text = await make('text');
    const number = await make('number');
    const date = await make('date');
    const checkbox = await make('checkbox');
    const url = await make('url');
    const user = await make('user');
    const select = await make('select', { options: [{ name: 'Prod', color: '#dc2626' }, { name: 'Stage', color: '#16a34a' }] });
    const multi = await make('multiselect', { options: [{ name: 'iOS' }, { name: 'Android' }, { name: 'Web' }] });
    // Required only in this project, so other specs' issues are not held up by it.
    const required = await make('text', { required: true, scope: 'projects', projectIds: [f.project.id] });
    await admin.close();

    const page = await f.owner.newPage();
    const errors = watchErrors(page);
    await page.goto(`/en/issues/${issue.key}/edit`);
    await page.getByTestId(`cf-${text.id}`).waitFor();
    expect(await page.getByTestId('qa-input').count()).toBe(0); // quick add creates; an existing issue is edited field by field
    await page.getByTestId(`cf-${text.id}`).fill('Hello');
    await page.getByTestId(`cf-${number.id}`).fill('42.5');
    await page.getByTestId(`cf-${date.id}`).fill('2027-05-17');
    await page.getByTestId(`cf-${checkbox.id}`).check();
    await page.getByTestId(`cf-${url.id}`).fill('https://example.com/spec');
    await pickIn(page, `cf-${user.id}`, f.mateName, f.mateHandle);
    await pickIn(page, `cf-${select.id}`, 'Stage');
    await pickIn(page, `cf-${multi.id}`, 'iOS');
    await pickIn(page, `cf-${multi.id}`, 'Web');
    await page.keyboard.press('Escape');

    await page.getByTestId('form-submit').click();
    await page.getByTestId(`error-cf-${required.id}`).waitFor();
    expect(await page.getByTestId(`cf-${required.id}`).getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain('/edit');

    await page.getByTestId(`cf-${required.id}`).fill('Filled');
    await page.getByTestId('form-submit').click();
    await page.waitForURL((u) => u.pathname === `/en/issues/${issue.key}`);
    const saved = await f.getIssue(issue.key);
    const ids = (names: string[], f: { options: { id: number; name: string }[] }) => names.map((n) => f.options.find((o) => o.name === n)!.id);
    expect(saved.customValues).toMatchObject({
      [text.id]: 'Hello',
      [number.id]: 42.5,
      [date.id]: '2027-05-17',
      [checkbox.id]: true,
      [url.id]: 'https://example.com/spec',
      [user.id]: f.mate.id,
      [select.id]: ids(['Stage'], select)[0],
      [multi.id]: ids(['iOS', 'Web'], multi),
      [required.id]: 'Filled',
    });
    // The issue page shows them, and the history names the change readably.
    await page.getByTestId('issue-properties').waitFor();
    expect(await page.getByTestId(`cf-${url.id}`).inputValue()).toBe('https://example.com/spec');
    expect(await pickedIn(page, `cf-${user.id}`)).toBe(String(f.mate.id));
    expect(await page.getByTestId(`cf-${user.id}`).textContent()).toContain(f.mateName);
    await page.getByTestId('activity-item').filter({ hasText: `Field select ${f.stamp}` }).filter({ hasText: 'Stage' }).waitFor();

    // The create dialog keeps Create in reach: the required field shows, the optional ones are folded.
    await page.goto(`/en/issues?project=${f.project.key}`);
    await page.getByTestId('issue-create').click();
    const dialog = page.getByTestId('create-dialog');
    await dialog.getByTestId(`cf-${required.id}`).waitFor();
    const folded = dialog.getByTestId('create-more-fields');
    expect(await folded.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await folded.locator('summary').textContent()).toMatch(/^\d+ more fields$/); // other specs' fields for all projects may be there too
    expect(await dialog.getByTestId(`cf-${text.id}`).isVisible()).toBe(false);
    await folded.locator('summary').click();
    await dialog.getByTestId(`cf-${text.id}`).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
