import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyTemplateResponseSchema, templateResponseSchema, templatesResponseSchema } from '@tracker/shared/api/templates';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { signUpTeam, type TestProject, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let project: TestProject;
let other: TestProject;
beforeAll(async () => {
  t = await createTestServer();
  ({ owner, member, viewer, outsider, project, other } = await signUpTeam(t));
});
afterAll(() => t.close());

const base = `/api/projects/${0}/templates`;
const listPath = () => base.replace('0', String(project.project.id));
const count = async (table: string) => Number((await t.sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n);

describe('issue templates', () => {
  it('lets owners create, edit and delete; members and viewers only read', async () => {
    const label = project.labels[0]!;
    const created = await owner.client.post(listPath(), {
      name: 'Баг',
      titlePattern: 'Баг: {title}',
      description: '## Шаги',
      labelIds: [label.id],
      priority: 'high',
      checklist: ['Воспроизвести', 'Исправить'],
    });
    expect(created.status).toBe(201);
    const { template } = templateResponseSchema.parse(created.body);
    expect(template).toMatchObject({ name: 'Баг', labelIds: [label.id], priority: 'high', checklist: ['Воспроизвести', 'Исправить'], dueInDays: null });

    for (const user of [member, viewer]) {
      const list = await user.client.get(listPath());
      expect(list.status).toBe(200);
      expect(templatesResponseSchema.parse(list.body).templates.map((x) => x.name)).toContain('Баг');
      expect((await user.client.post(listPath(), { name: 'nope' })).status).toBe(403);
      expect((await user.client.request('PATCH', `/api/templates/${template.id}`, { json: { name: 'x' } })).status).toBe(403);
      expect((await user.client.request('DELETE', `/api/templates/${template.id}`)).status).toBe(403);
    }
    // A project the caller cannot see: its templates do not exist for them.
    expect((await outsider.client.get(listPath())).status).toBe(404);
    expect((await outsider.client.request('PATCH', `/api/templates/${template.id}`, { json: { name: 'x' } })).status).toBe(404);

    const patched = await owner.client.request('PATCH', `/api/templates/${template.id}`, { json: { priority: 'low', checklist: [] } });
    expect(patched.status).toBe(200);
    expect(patched.body.template).toMatchObject({ name: 'Баг', priority: 'low', checklist: [], labelIds: [label.id] });

    expect((await owner.client.request('DELETE', `/api/templates/${template.id}`)).status).toBe(204);
    expect((await owner.client.request('DELETE', `/api/templates/${template.id}`)).status).toBe(404);
  });

  it('keeps names unique per project, ignoring case (Cyrillic too), and one word', async () => {
    expect((await owner.client.post(listPath(), { name: 'Ревью' })).status).toBe(201);
    const dup = await owner.client.post(listPath(), { name: 'рЕВЬЮ' });
    expect(dup.status).toBe(409);
    expect(dup.body.data).toMatchObject({ code: 'name_taken', field: 'name' });
    expect((await outsider.client.post(`/api/projects/${other.project.id}/templates`, { name: 'ревью' })).status).toBe(201);
    const spaced = await owner.client.post(listPath(), { name: 'two words' });
    expect(spaced.status).toBe(400);
    expect(spaced.body.data.issues[0]).toMatchObject({ path: ['name'], message: 'validation.templateName' });
    const second = await owner.client.post(listPath(), { name: 'review-2' });
    expect((await owner.client.request('PATCH', `/api/templates/${second.body.template.id}`, { json: { name: 'РЕВЬЮ' } })).status).toBe(409);
  });

  it('refuses a label or assignee from outside the project, writing nothing', async () => {
    const before = await count('issue_templates');
    const bad = await owner.client.post(listPath(), { name: 'foreign', labelIds: [other.labels[0]!.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues[0]).toMatchObject({ path: ['labelIds'], message: 'validation.unknownLabel' });
    const badUser = await owner.client.post(listPath(), { name: 'foreign', assigneeId: outsider.id });
    expect(badUser.status).toBe(400);
    const badField = await owner.client.post(listPath(), { name: 'foreign', customValues: { '999999': 'x' } });
    expect(badField.status).toBe(400);
    expect(await count('issue_templates')).toBe(before);
  });

  it('applies a template: the issue with its fields and one sub-issue per checklist line', async () => {
    const label = project.labels[1] ?? project.labels[0]!;
    const { body } = await owner.client.post(listPath(), {
      name: 'release',
      titlePattern: 'Релиз {title} ({month})',
      description: 'Чек-лист релиза',
      labelIds: [label.id],
      priority: 'urgent',
      assigneeId: member.id,
      estimate: 3,
      dueInDays: 2,
      checklist: ['Собрать', 'Проверить', 'Выкатить'],
    });
    const id = body.template.id as number;
    const issuesBefore = await count('issues');
    const res = await member.client.post(`/api/templates/${id}/apply`, { text: '2.0' });
    expect(res.status).toBe(201);
    const applied = applyTemplateResponseSchema.parse(res.body);
    expect(applied.subIssues).toHaveLength(3);
    expect(await count('issues')).toBe(issuesBefore + 4);

    const issue = (await member.client.get(`/api/issues/${applied.issue.key}`)).body.issue;
    expect(issue.title).toMatch(/^Релиз 2\.0 \(\d{4}-\d\d\)$/);
    expect(issue).toMatchObject({ description: 'Чек-лист релиза', labelIds: [label.id], priority: 'urgent', estimate: 3 });
    expect(issue.assignee.id).toBe(member.id);
    expect(issue.dueDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    const subs = await t.sql<{ title: string; parent_id: number }>('select title, parent_id from issues where id = any(?::int[]) order by id', [`{${applied.subIssues.map((s) => s.id).join(',')}}`]);
    expect(subs).toEqual(['Собрать', 'Проверить', 'Выкатить'].map((title) => ({ title, parent_id: applied.issue.id })));

    // What the create dialog sends: the edited form wins over the template.
    const edited = await member.client.post(`/api/templates/${id}/apply`, { title: 'Своё название', priority: 'low', labelIds: [] });
    expect(edited.status).toBe(201);
    const editedIssue = (await member.client.get(`/api/issues/${edited.body.issue.key}`)).body.issue;
    expect(editedIssue).toMatchObject({ title: 'Своё название', priority: 'low', labelIds: [] });

    // Viewers may read templates but not create issues with them.
    expect((await viewer.client.post(`/api/templates/${id}/apply`, {})).status).toBe(403);
    expect((await outsider.client.post(`/api/templates/${id}/apply`, {})).status).toBe(404);
  });

  it('applies atomically: a refused override leaves no issue and no sub-issue behind', async () => {
    const { body } = await owner.client.post(listPath(), { name: 'atomic', checklist: ['a', 'b'] });
    const before = await count('issues');
    const bad = await member.client.post(`/api/templates/${body.template.id}/apply`, { text: 'x', labelIds: [other.labels[0]!.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues[0]).toMatchObject({ path: ['labelIds'], message: 'validation.unknownLabel' });
    expect(await count('issues')).toBe(before);

    // A checklist line that fails after the issue was written (stored empty, behind the API's back)
    // rolls the issue and the earlier sub-issues back too.
    await t.sql(`update issue_templates set checklist = '["a", ""]'::jsonb where id = ?`, [body.template.id]);
    const broken = await member.client.post(`/api/templates/${body.template.id}/apply`, { text: 'y' });
    expect(broken.status).toBe(400);
    expect(await count('issues')).toBe(before);
  });

  it('drops a deleted label from the template it was on', async () => {
    const label = await owner.client.post(`/api/projects/${project.project.id}/labels`, { name: 'temp', color: '#123456' });
    expect(label.status).toBe(201);
    const labelId = label.body.label.id as number;
    const { body } = await owner.client.post(listPath(), { name: 'with-temp', labelIds: [labelId] });
    expect(body.template.labelIds).toEqual([labelId]);
    expect((await owner.client.request('DELETE', `/api/labels/${labelId}`)).status).toBe(204);
    const list = templatesResponseSchema.parse((await owner.client.get(listPath())).body);
    expect(list.templates.find((x) => x.name === 'with-temp')!.labelIds).toEqual([]);
  });
});
