import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDetailResponseSchema, projectsResponseSchema } from '@tracker/shared/api/projects';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createProject, signUp, uniqueKey, type TestUser } from './test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner', locale: 'ru' });
});
afterAll(() => t.close());

describe('projects', () => {
  it('renders the Markdown description safely in the project detail', async () => {
    const { project } = await createProject(owner, { description: '**Релизы** по вторникам <script>alert(1)</script>' });
    const res = await owner.client.get(`/api/projects/${project.key}`);
    const body = projectDetailResponseSchema.parse(res.body);
    expect(body.descriptionHtml).toContain('<strong>Релизы</strong>');
    expect(body.descriptionHtml).not.toContain('<script>');
  });

  it('creates a project with the default workflow and labels in the creator language', async () => {
    const key = uniqueKey('WEB');
    const res = await owner.client.post('/api/projects', { key, name: 'Сайт' });
    expect(res.status).toBe(201);
    const body = projectDetailResponseSchema.parse(res.body);
    expect(body.project).toMatchObject({ key, name: 'Сайт', myRole: 'owner', issueCount: 0, openIssueCount: 0, visibility: 'members' });
    expect(body.statuses.map((s) => [s.name, s.category])).toEqual([
      ['Бэклог', 'backlog'],
      ['К выполнению', 'unstarted'],
      ['В работе', 'started'],
      ['На проверке', 'started'],
      ['Готово', 'completed'],
      ['Отменено', 'canceled'],
    ]);
    expect(body.labels.map((l) => l.name).sort()).toEqual(['Улучшение', 'Функция', 'Ошибка'].sort());
    expect(body.members).toEqual([{ user: { id: owner.id, name: 'Owner' }, role: 'owner' }]);

    const en = await signUp(t, { locale: 'en' });
    const enBody = await createProject(en);
    expect(enBody.statuses.map((s) => s.name)).toEqual(['Backlog', 'Todo', 'In Progress', 'In Review', 'Done', 'Cancelled']);
  });

  it('refuses a taken key with 409 key_taken and creates nothing', async () => {
    const key = uniqueKey('DUP');
    expect((await owner.client.post('/api/projects', { key, name: 'A' })).status).toBe(201);
    const before = await t.sql<{ n: number }>('select count(*)::int as n from statuses');
    const again = await owner.client.post('/api/projects', { key, name: 'B' });
    expect(again.status).toBe(409);
    expect(again.body.data).toMatchObject({ code: 'key_taken', field: 'key' });
    expect(await t.sql<{ n: number }>('select count(*)::int as n from statuses')).toEqual(before);
  });

  it('validates the key format', async () => {
    const res = await owner.client.post('/api/projects', { key: 'web', name: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0]).toMatchObject({ path: ['key'], message: 'validation.projectKey' });
  });

  it('opens by id or key, lists with counts and filters archived', async () => {
    const p = await createProject(owner, { name: 'Counted' });
    const byKey = await owner.client.get(`/api/projects/${p.project.key}`);
    expect(byKey.status).toBe(200);
    expect(byKey.body.project.id).toBe(p.project.id);
    await owner.client.post('/api/issues', { projectId: p.project.id, title: 'one' });
    const list = projectsResponseSchema.parse((await owner.client.get('/api/projects')).body);
    expect(list.projects.find((x) => x.id === p.project.id)).toMatchObject({ issueCount: 1, openIssueCount: 1, myRole: 'owner' });

    expect((await owner.client.post(`/api/projects/${p.project.id}/archive`)).status).toBe(200);
    expect((await owner.client.get('/api/projects')).body.projects.some((x: { id: number }) => x.id === p.project.id)).toBe(false);
    expect((await owner.client.get('/api/projects?archived=1')).body.projects.map((x: { id: number }) => x.id)).toContain(p.project.id);
    const patch = await owner.client.request('PATCH', `/api/projects/${p.project.id}`, { json: { name: 'New name' } });
    expect(patch.status).toBe(409);
    expect(patch.body.data.code).toBe('project_archived');
    expect((await owner.client.post(`/api/projects/${p.project.id}/unarchive`)).status).toBe(200);
    expect((await owner.client.request('PATCH', `/api/projects/${p.project.id}`, { json: { name: 'New name' } })).body.project.name).toBe('New name');
  });

  it('never removes or demotes the last owner', async () => {
    const p = await createProject(owner);
    const demote = await owner.client.request('PUT', `/api/projects/${p.project.id}/members/${owner.id}`, { json: { role: 'member' } });
    expect(demote.status).toBe(409);
    expect(demote.body.data.code).toBe('last_owner');
    expect((await owner.client.request('DELETE', `/api/projects/${p.project.id}/members/${owner.id}`)).status).toBe(409);
    const other = await signUp(t);
    await addMember(owner, p.project.id, other, 'owner');
    expect((await owner.client.request('DELETE', `/api/projects/${p.project.id}/members/${owner.id}`)).status).toBe(200);
    expect(await t.sql('select user_id, role from project_members where project_id = ?', [p.project.id])).toEqual([{ user_id: other.id, role: 'owner' }]);
  });
});
