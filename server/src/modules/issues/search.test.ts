import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponseSchema } from '@tracker/shared/api/issues';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let me: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestServer();
  me = await signUp(t);
  const stranger = await signUp(t);
  project = await createProject(me, { name: 'Сайт компании' });
  const hidden = await createProject(stranger, { name: 'Тайный проект' });
  for (const [name, title, description] of [
    ['new', 'Новая задача', ''],
    ['mine', 'Мои задачи', ''],
    ['running', 'Running the importer', 'Nightly job'],
    ['login', 'Fix login button', ''],
    ['described', 'Без названия', 'Проверить отчёты бухгалтерии'],
  ] as const) {
    ids[name] = (await createIssue(me, project.project.id, { title, description })).id;
  }
  const commented = await createIssue(me, project.project.id, { title: 'Пустая' });
  ids.commented = commented.id;
  await me.client.post(`/api/issues/${commented.id}/comments`, { body: 'Обсуждали миграцию базы данных' });
  ids.secret = (await createIssue(stranger, hidden.project.id, { title: 'Новая задача секретная', description: 'login run' })).id;
  await t.sql(`insert into streams (name) values ('Мобильное приложение')`);
});
afterAll(() => t.close());

async function search(q: string) {
  const res = await me.client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return searchResponseSchema.parse(res.body);
}
const found = async (q: string) => (await search(q)).issues.map((i) => i.id);

describe('search', () => {
  it('finds Russian word forms both ways', async () => {
    expect(await found('задачи')).toContain(ids.new);
    expect(await found('задача')).toContain(ids.mine);
  });

  it('stems English words', async () => {
    expect(await found('run')).toContain(ids.running);
    expect(await found('runs')).toContain(ids.running);
  });

  it('searches descriptions and comments', async () => {
    expect(await found('отчёт')).toContain(ids.described);
    expect(await found('миграции')).toContain(ids.commented);
  });

  it('tolerates a typo in a title word', async () => {
    expect(await found('lgoin')).toContain(ids.login);
  });

  it('puts an exact key first', async () => {
    const key = `${project.project.key}-3`;
    const res = await search(key.toLowerCase());
    expect(res.issues[0]).toMatchObject({ id: ids.running, key });
  });

  it('returns a numeric rank with each hit', async () => {
    const res = await search('задача');
    expect(res.issues.every((i) => typeof i.rank === 'number')).toBe(true);
  });

  it('never returns issues or projects the caller cannot see', async () => {
    for (const q of ['Новая задача', 'секретная', 'login', 'run', 'Тайный']) {
      const res = await search(q);
      expect(res.issues.map((i) => i.id)).not.toContain(ids.secret);
      expect(res.projects.map((p) => p.name)).not.toContain('Тайный проект');
    }
  });

  it('finds projects by key or name and streams by name', async () => {
    expect((await search(project.project.key)).projects.map((p) => p.id)).toEqual([project.project.id]);
    expect((await search('компании')).projects.map((p) => p.id)).toEqual([project.project.id]);
    expect((await search('мобильное')).streams.map((s) => s.name)).toEqual(['Мобильное приложение']);
  });

  it('requires a query and a signed-in caller', async () => {
    expect((await me.client.get('/api/search?q=')).status).toBe(400);
    expect((await t.client().get('/api/search?q=x')).status).toBe(401);
  });
});
