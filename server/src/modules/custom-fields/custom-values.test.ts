import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@tracker/shared/domain-errors';
import { createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { validateCustomValues, type CustomValues } from './custom-values.ts';

let t: TestServer;
let admin: TestUser;
let project: TestProject;
let other: TestProject;
const f: Record<string, { id: number; options: { id: number }[] }> = {};

async function field(body: Record<string, unknown>) {
  const res = await admin.client.post('/api/admin/custom-fields', { name: { ru: 'П', en: 'F' }, ...body });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.field as { id: number; options: { id: number }[] };
}

beforeAll(async () => {
  t = await createTestServer();
  admin = await createUser(t, { admin: true });
  project = await createProject(t, { ownerId: admin.id });
  other = await createProject(t, { ownerId: admin.id });
  for (const type of ['text', 'number', 'date', 'checkbox', 'url', 'user']) f[type] = await field({ type });
  f.select = await field({ type: 'select', options: [{ name: 'A' }, { name: 'B' }] });
  f.multiselect = await field({ type: 'multiselect', options: [{ name: 'X' }, { name: 'Y' }, { name: 'Z' }] });
});
afterAll(() => t.close());

const em = () => t.orm.em.fork() as unknown as EntityManager;
const run = (values: CustomValues, extra: { existing?: CustomValues; mode?: 'create' | 'update'; projectId?: number } = {}) =>
  validateCustomValues(em(), { projectId: extra.projectId ?? project.id, values, existing: extra.existing, mode: extra.mode ?? 'update' });
async function problems(values: CustomValues, extra: Parameters<typeof run>[1] = {}) {
  const err = await run(values, extra).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  const refused = err as DomainError;
  expect(refused.kind).toBe('invalid');
  return (refused.data?.issues as { path: string[]; message: string }[]).map((i) => [i.path.join('.'), i.message]);
}

describe('validateCustomValues per type', () => {
  it('accepts a valid value of each type and stores it', async () => {
    const input = {
      [f.text!.id]: 'some text',
      [f.number!.id]: 42.5,
      [f.date!.id]: '2026-12-31',
      [f.checkbox!.id]: false,
      [f.url!.id]: 'https://example.com',
      [f.user!.id]: admin.id,
      [f.select!.id]: f.select!.options[1]!.id,
      [f.multiselect!.id]: [f.multiselect!.options[2]!.id, f.multiselect!.options[0]!.id],
    };
    expect(await run(input)).toEqual(input);
  });

  it('refuses an invalid value of each type with a per-type message', async () => {
    const cases: [string, unknown][] = [
      ['text', 12],
      ['number', 'twelve'],
      ['date', '2026-02-31'],
      ['checkbox', 'no'],
      ['url', 'mailto:a@b.c'],
      ['user', -1],
      ['select', 999_999],
      ['multiselect', 'x'],
    ];
    for (const [type, value] of cases) {
      expect(await problems({ [f[type]!.id]: value })).toEqual([[`customValues.${f[type]!.id}`, `validation.customField.${type}`]]);
    }
  });

  it('reports every bad field at once', async () => {
    const list = await problems({ [f.number!.id]: 'x', [f.date!.id]: 'y', [f.text!.id]: 'fine' });
    expect(list.map(([p]) => p).sort()).toEqual([`customValues.${f.number!.id}`, `customValues.${f.date!.id}`].sort());
  });

  it('refuses an option of another field', async () => {
    expect(await problems({ [f.select!.id]: f.multiselect!.options[0]!.id })).toEqual([[`customValues.${f.select!.id}`, 'validation.customField.select']]);
    expect(await problems({ [f.multiselect!.id]: [f.select!.options[0]!.id] })).toEqual([[`customValues.${f.multiselect!.id}`, 'validation.customField.multiselect']]);
  });

  it('de-duplicates multiselect ids', async () => {
    const [x, y] = f.multiselect!.options;
    expect(await run({ [f.multiselect!.id]: [y!.id, x!.id, y!.id, y!.id] })).toEqual({ [f.multiselect!.id]: [y!.id, x!.id] });
  });

  it('refuses a user id that does not exist', async () => {
    expect(await problems({ [f.user!.id]: 987_654 })).toEqual([[`customValues.${f.user!.id}`, 'validation.customField.user']]);
  });

  it('merges into existing values; null, blank and [] remove a value', async () => {
    const existing = { [f.text!.id]: 'old', [f.number!.id]: 1, [f.multiselect!.id]: [f.multiselect!.options[0]!.id] };
    expect(await run({ [f.text!.id]: '  ', [f.number!.id]: 2, [f.multiselect!.id]: [] }, { existing })).toEqual({ [f.number!.id]: 2 });
    expect(await run({ [f.number!.id]: null }, { existing: { [f.number!.id]: 1 } })).toEqual({});
  });
});

describe('fields that do not apply', () => {
  it('refuses unknown fields, archived ones and fields outside the project scope, keeping stored values', async () => {
    const archived = await field({ type: 'text' });
    await admin.client.post(`/api/admin/custom-fields/${archived.id}/archive`);
    const scoped = await field({ type: 'text', scope: 'projects', projectIds: [other.id] });
    const list = await problems({ '999999': 'x', [archived.id]: 'y', [scoped.id]: 'z' });
    expect(list.sort()).toEqual(
      [
        ['customValues.999999', 'validation.unknownField'],
        [`customValues.${archived.id}`, 'validation.unknownField'],
        [`customValues.${scoped.id}`, 'validation.unknownField'],
      ].sort(),
    );
    expect(await run({ [scoped.id]: 'z' }, { projectId: other.id })).toEqual({ [scoped.id]: 'z' });
    // A value the issue already holds for an archived field is kept while other fields change.
    expect(await run({ [f.number!.id]: 3 }, { existing: { [archived.id]: 'kept' } })).toEqual({ [archived.id]: 'kept', [f.number!.id]: 3 });
  });
});

describe('required and defaults', () => {
  let p: TestProject;
  let required: { id: number };
  let withDefault: { id: number };
  let userDefault: { id: number };
  beforeAll(async () => {
    p = await createProject(t, { ownerId: admin.id });
    required = await field({ type: 'text', required: true, scope: 'projects', projectIds: [p.id] });
    withDefault = await field({ type: 'select', options: [{ name: 'Low' }, { name: 'High' }], defaultValue: 'High', required: true, scope: 'projects', projectIds: [p.id] });
    userDefault = await field({ type: 'user', defaultValue: admin.id, scope: 'projects', projectIds: [p.id] });
  });

  it('on create: a required field without value or default is refused; defaults fill the rest', async () => {
    expect(await problems({}, { mode: 'create', projectId: p.id })).toEqual([[`customValues.${required.id}`, 'validation.required']]);
    const stored = await run({ [required.id]: 'given' }, { mode: 'create', projectId: p.id });
    const high = (await t.sql<{ id: number }>(`select id from custom_field_options where field_id = ? and name = 'High'`, [withDefault.id]))[0]!.id;
    expect(stored).toEqual({ [required.id]: 'given', [withDefault.id]: high, [userDefault.id]: admin.id });
  });

  it('on create: an explicit null skips the default (and a required one is then refused)', async () => {
    expect(await problems({ [required.id]: 'x', [withDefault.id]: null }, { mode: 'create', projectId: p.id })).toEqual([
      [`customValues.${withDefault.id}`, 'validation.required'],
    ]);
    expect(await run({ [required.id]: 'x', [userDefault.id]: null }, { mode: 'create', projectId: p.id })).not.toHaveProperty(String(userDefault.id));
  });

  it('on update: only clearing a required field is refused; untouched ones are not checked; no defaults', async () => {
    expect(await run({}, { mode: 'update', projectId: p.id })).toEqual({});
    expect(await problems({ [required.id]: '' }, { mode: 'update', projectId: p.id, existing: { [required.id]: 'x' } })).toEqual([
      [`customValues.${required.id}`, 'validation.required'],
    ]);
  });

  it('on create: a stale default (its user is gone) is skipped, not stored', async () => {
    const ghost = await createUser(t);
    const stale = await field({ type: 'user', defaultValue: ghost.id, scope: 'projects', projectIds: [p.id] });
    await t.sql('delete from users where id = ?', [ghost.id]);
    expect(await run({ [required.id]: 'x' }, { mode: 'create', projectId: p.id })).not.toHaveProperty(String(stale.id));
  });
});
