import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customFieldResponseSchema, customFieldsResponseSchema } from '@tracker/shared/api/custom-fields';
import { createIssue, createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let admin: TestUser;
let user: TestUser;
let project: TestProject;

beforeAll(async () => {
  t = await createTestServer();
  admin = await createUser(t, { admin: true });
  user = await createUser(t);
  project = await createProject(t, { ownerId: user.id });
});
afterAll(() => t.close());

const name = (s: string) => ({ ru: `${s} ru`, en: `${s} en` });
async function create(body: Record<string, unknown>) {
  const res = await admin.client.post('/api/admin/custom-fields', { name: name('F'), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return customFieldResponseSchema.parse(res.body).field;
}
const patch = (id: number, json: unknown) => admin.client.request('PATCH', `/api/admin/custom-fields/${id}`, { json });
const values = async (issueId: number) => (await t.sql<{ v: Record<string, unknown> }>('select custom_values as v from issues where id = ?', [issueId]))[0]!.v;

describe('admin only', () => {
  it('refuses visitors (401) and non-admins (403) on every admin route', async () => {
    const field = await create({ type: 'text' });
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/custom-fields'],
      ['POST', '/api/admin/custom-fields', { type: 'text', name: name('X') }],
      ['GET', `/api/admin/custom-fields/${field.id}`],
      ['PATCH', `/api/admin/custom-fields/${field.id}`, { required: true }],
      ['POST', `/api/admin/custom-fields/${field.id}/archive`],
      ['POST', `/api/admin/custom-fields/${field.id}/unarchive`],
      ['DELETE', `/api/admin/custom-fields/${field.id}?confirm=true`],
    ];
    for (const [method, path, json] of routes) {
      expect((await t.client().request(method, path, { json })).status, `${method} ${path}`).toBe(401);
      const res = await user.client.request(method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.data.code).toBe('forbidden');
    }
    const [row] = await t.sql<{ required: boolean }>('select required from custom_fields where id = ?', [field.id]);
    expect(row).toEqual({ required: false });
  });
});

describe('create', () => {
  it('creates every type with names, description, scope, options and a default', async () => {
    const cases: [string, unknown][] = [
      ['text', 'hello'],
      ['number', 4.5],
      ['date', '2026-03-01'],
      ['checkbox', false],
      ['url', 'https://example.com/x'],
      ['user', null],
    ];
    for (const [type, defaultValue] of cases) {
      const field = await create({ type, defaultValue, description: { ru: 'описание', en: 'description' }, required: true });
      expect(field).toMatchObject({ type, defaultValue, required: true, description: { ru: 'описание', en: 'description' }, options: [], valueCount: 0 });
    }
    const userField = await create({ type: 'user', defaultValue: admin.id });
    expect(userField.defaultValue).toBe(admin.id);

    const select = await create({ type: 'select', options: [{ name: 'Low', color: '#00ff00' }, { name: 'High' }], defaultValue: 'High' });
    expect(select.options.map((o) => [o.name, o.color, o.position])).toEqual([['Low', '#00ff00', 0], ['High', '#64748b', 1]]);
    expect(select.defaultValue).toBe(select.options[1]!.id);

    const multi = await create({ type: 'multiselect', options: [{ name: 'A' }, { name: 'B' }], defaultValue: ['B', 'A', 'B'], scope: 'projects', projectIds: [project.id] });
    expect(multi.defaultValue).toEqual([multi.options[1]!.id, multi.options[0]!.id]);
    expect(multi).toMatchObject({ scope: 'projects', projectIds: [project.id] });
  });

  it('refuses a default that does not fit the type or the options', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'text', defaultValue: 5 }, 'validation.customField.text'],
      [{ type: 'number', defaultValue: '5' }, 'validation.customField.number'],
      [{ type: 'date', defaultValue: '2026-02-30' }, 'validation.customField.date'],
      [{ type: 'checkbox', defaultValue: 'yes' }, 'validation.customField.checkbox'],
      [{ type: 'url', defaultValue: 'javascript:alert(1)' }, 'validation.customField.url'],
      [{ type: 'user', defaultValue: 999_999 }, 'validation.customField.user'],
      [{ type: 'select', options: [{ name: 'A' }], defaultValue: 'Z' }, 'validation.customField.select'],
      [{ type: 'multiselect', options: [{ name: 'A' }], defaultValue: ['A', 'Z'] }, 'validation.customField.multiselect'],
    ];
    const before = await t.sql('select count(*)::int as n from custom_fields');
    for (const [body, message] of cases) {
      const res = await admin.client.post('/api/admin/custom-fields', { name: name('Bad'), ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.issues).toEqual([expect.objectContaining({ path: ['defaultValue'], message })]);
    }
    expect(await t.sql('select count(*)::int as n from custom_fields')).toEqual(before);
  });

  it('checks names, options per type, colours and scope', async () => {
    const bad = async (body: Record<string, unknown>, path: string, message: string) => {
      const res = await admin.client.post('/api/admin/custom-fields', { name: name('Bad'), ...body });
      expect(res.status).toBe(400);
      expect(res.body.data.issues).toContainEqual(expect.objectContaining({ path: path.split('.'), message }));
    };
    await bad({ type: 'text', name: { ru: '', en: 'x' } }, 'name.ru', 'validation.required');
    await bad({ type: 'text', options: [{ name: 'A' }] }, 'options', 'validation.optionsNotAllowed');
    await bad({ type: 'select', options: [] }, 'options', 'validation.required');
    await bad({ type: 'select', options: [{ name: 'A', color: 'red' }] }, 'options.0.color', 'validation.color');
    await bad({ type: 'text', scope: 'projects', projectIds: [] }, 'projectIds', 'validation.required');
    await bad({ type: 'text', scope: 'projects', projectIds: [999_999] }, 'projectIds', 'validation.invalid');
    await bad({ type: 'nope' }, 'type', expect.any(String) as unknown as string);
  });
});

describe('options', () => {
  it('keeps values when an option is renamed and clears them when it is removed', async () => {
    const select = await create({ type: 'select', options: [{ name: 'One' }, { name: 'Two' }] });
    const multi = await create({ type: 'multiselect', options: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] });
    const [one, two] = select.options;
    const [a, b, c] = multi.options;
    const i1 = await createIssue(t, project, { customValues: { [select.id]: one!.id, [multi.id]: [a!.id, b!.id] } });
    const i2 = await createIssue(t, project, { customValues: { [select.id]: two!.id, [multi.id]: [b!.id] } });

    const renamed = await patch(select.id, { options: [{ id: one!.id, name: 'Uno', color: '#112233' }, { id: two!.id, name: 'Dos' }] });
    expect(renamed.status).toBe(200);
    expect(renamed.body.field.options.map((o: { name: string }) => o.name)).toEqual(['Uno', 'Dos']);
    expect((await values(i1.id))[select.id]).toBe(one!.id);

    expect((await patch(select.id, { options: [{ id: one!.id, name: 'Uno' }, { name: 'Tres' }] })).status).toBe(200);
    expect(await values(i1.id)).toMatchObject({ [select.id]: one!.id });
    expect(await values(i2.id)).not.toHaveProperty(String(select.id));

    const res = await patch(multi.id, { options: [{ id: c!.id, name: 'C' }, { id: a!.id, name: 'A' }] });
    expect(res.body.field.options.map((o: { id: number; position: number }) => [o.id, o.position])).toEqual([[c!.id, 0], [a!.id, 1]]);
    expect((await values(i1.id))[multi.id]).toEqual([a!.id]);
    expect(await values(i2.id)).not.toHaveProperty(String(multi.id));
    expect(await t.sql('select count(*)::int as n from custom_field_options where id = ?', [b!.id])).toEqual([{ n: 0 }]);
  });

  it('refuses an option id of another field and leaves everything as it was', async () => {
    const f1 = await create({ type: 'select', options: [{ name: 'X' }] });
    const f2 = await create({ type: 'select', options: [{ name: 'Y' }] });
    const res = await patch(f1.id, { options: [{ id: f2.options[0]!.id, name: 'Stolen' }] });
    expect(res.status).toBe(400);
    expect(await t.sql('select field_id, name from custom_field_options where field_id in (?, ?) order by id', [f1.id, f2.id])).toEqual([
      { field_id: f1.id, name: 'X' },
      { field_id: f2.id, name: 'Y' },
    ]);
  });

  it('drops a default pointing at a removed option', async () => {
    const f = await create({ type: 'select', options: [{ name: 'X' }, { name: 'Y' }], defaultValue: 'Y' });
    const res = await patch(f.id, { options: [{ id: f.options[0]!.id, name: 'X' }] });
    expect(res.body.field.defaultValue).toBeNull();
  });
});

describe('type changes', () => {
  it('refuses a type change while an issue holds a value (409 field_type_locked) and changes nothing', async () => {
    const f = await create({ type: 'select', options: [{ name: 'X' }] });
    const issue = await createIssue(t, project, { customValues: { [f.id]: f.options[0]!.id } });
    const res = await patch(f.id, { type: 'text', name: name('Renamed'), options: [] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, statusMessage: 'Нельзя сменить тип поля, пока у задач есть его значения', data: { code: 'field_type_locked' } });
    expect(await t.sql('select type, name_en from custom_fields where id = ?', [f.id])).toEqual([{ type: 'select', name_en: 'F en' }]);
    expect(await t.sql('select count(*)::int as n from custom_field_options where field_id = ?', [f.id])).toEqual([{ n: 1 }]);
    expect((await values(issue.id))[f.id]).toBe(f.options[0]!.id);
  });

  it('allows a type change while no issue holds a value', async () => {
    const f = await create({ type: 'select', options: [{ name: 'X' }], defaultValue: 'X' });
    const res = await patch(f.id, { type: 'number' });
    expect(res.status).toBe(200);
    expect(res.body.field).toMatchObject({ type: 'number', options: [], defaultValue: null });
    expect((await patch(f.id, { type: 'multiselect' })).status).toBe(400);
    expect((await patch(f.id, { type: 'multiselect', options: [{ name: 'M' }] })).body.field.type).toBe('multiselect');
  });
});

describe('archive and delete', () => {
  it('archives (hidden from issue forms, values kept) and unarchives', async () => {
    const f = await create({ type: 'text' });
    const issue = await createIssue(t, project, { customValues: { [f.id]: 'kept' } });
    const visible = async () => customFieldsResponseSchema.parse((await user.client.get(`/api/custom-fields?project=${project.id}`)).body).fields.map((x) => x.id);
    expect(await visible()).toContain(f.id);

    const archived = await admin.client.post(`/api/admin/custom-fields/${f.id}/archive`);
    expect(archived.body.field).toMatchObject({ archivedAt: expect.any(String), valueCount: 1 });
    expect(await visible()).not.toContain(f.id);
    expect((await values(issue.id))[f.id]).toBe('kept');
    const lists = async (q: string) => (await admin.client.get(`/api/admin/custom-fields?archived=${q}`)).body.fields.map((x: { id: number }) => x.id);
    expect(await lists('0')).not.toContain(f.id);
    expect(await lists('1')).toContain(f.id);
    expect(await lists('all')).toContain(f.id);

    await admin.client.post(`/api/admin/custom-fields/${f.id}/unarchive`);
    expect(await visible()).toContain(f.id);
  });

  it('needs a confirmation to delete, then removes the values from every issue', async () => {
    const f = await create({ type: 'number' });
    const keep = await create({ type: 'number' });
    const issue = await createIssue(t, project, { customValues: { [f.id]: 1, [keep.id]: 2 } });

    const refused = await admin.client.request('DELETE', `/api/admin/custom-fields/${f.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.data.issues[0]).toMatchObject({ path: ['confirm'], message: 'validation.confirmRequired' });
    expect((await admin.client.request('DELETE', `/api/admin/custom-fields/${f.id}?confirm=false`)).status).toBe(400);
    expect((await values(issue.id))[f.id]).toBe(1);

    expect((await admin.client.request('DELETE', `/api/admin/custom-fields/${f.id}`, { json: { confirm: true } })).status).toBe(204);
    expect(await values(issue.id)).toEqual({ [keep.id]: 2 });
    expect(await t.sql('select 1 from custom_fields where id = ?', [f.id])).toEqual([]);
    expect((await admin.client.request('DELETE', `/api/admin/custom-fields/${keep.id}?confirm=true`)).status).toBe(204);
    expect(await values(issue.id)).toEqual({});
    expect((await admin.client.request('DELETE', `/api/admin/custom-fields/${keep.id}?confirm=true`)).status).toBe(404);
  });
});

describe('lists', () => {
  it('counts the issues holding a value in one list query', async () => {
    const f = await create({ type: 'checkbox' });
    await createIssue(t, project, { customValues: { [f.id]: false } });
    await createIssue(t, project, { customValues: { [f.id]: true } });
    const res = await admin.client.get('/api/admin/custom-fields?archived=all');
    const parsed = customFieldsResponseSchema.parse(res.body);
    expect(parsed.fields.find((x) => x.id === f.id)?.valueCount).toBe(2);
    expect((await admin.client.get(`/api/admin/custom-fields/${f.id}`)).body.field.valueCount).toBe(2);
    expect((await admin.client.get('/api/admin/custom-fields/999999')).status).toBe(404);
  });

  it('gives signed-in users the fields applying to a project they can see', async () => {
    const other = await createProject(t, { ownerId: admin.id });
    const scoped = await create({ type: 'text', scope: 'projects', projectIds: [other.id] });
    const all = await create({ type: 'text' });
    const ids = (await user.client.get(`/api/custom-fields?project=${project.id}`)).body.fields.map((x: { id: number }) => x.id);
    expect(ids).toContain(all.id);
    expect(ids).not.toContain(scoped.id);
    expect((await user.client.get(`/api/custom-fields?project=${other.id}`)).status).toBe(404);
    expect((await admin.client.get(`/api/custom-fields?project=${other.id}`)).body.fields.map((x: { id: number }) => x.id)).toContain(scoped.id);
    expect((await t.client().get('/api/custom-fields')).status).toBe(401);
  });

  it('lists, without a project, only fields applying to projects the caller can see, naming only those (issue 11, L1)', async () => {
    const hidden = await createProject(t, { ownerId: admin.id });
    const open = await createProject(t, { ownerId: admin.id, visibility: 'all' });
    const secret = await create({ type: 'text', scope: 'projects', projectIds: [hidden.id] });
    const mixed = await create({ type: 'text', scope: 'projects', projectIds: [hidden.id, open.id] });
    const mine = await create({ type: 'text', scope: 'projects', projectIds: [project.id] });
    const all = await create({ type: 'text' });

    const listed = customFieldsResponseSchema.parse((await user.client.get('/api/custom-fields')).body).fields;
    const byId = new Map(listed.map((f) => [f.id, f]));
    expect(byId.has(secret.id)).toBe(false);
    expect(byId.get(mixed.id)?.projectIds).toEqual([open.id]);
    expect(byId.get(mine.id)?.projectIds).toEqual([project.id]);
    expect(byId.has(all.id)).toBe(true);
    // Through a visible project too: the other, hidden project is not named.
    const viaOpen = customFieldsResponseSchema.parse((await user.client.get(`/api/custom-fields?project=${open.id}`)).body).fields;
    expect(viaOpen.find((f) => f.id === mixed.id)?.projectIds).toEqual([open.id]);
    // Admins see every project.
    const adminList = customFieldsResponseSchema.parse((await admin.client.get('/api/custom-fields')).body).fields;
    expect(adminList.find((f) => f.id === mixed.id)?.projectIds).toEqual([hidden.id, open.id].sort((a, b) => a - b));
    expect(adminList.some((f) => f.id === secret.id)).toBe(true);
  });
});
