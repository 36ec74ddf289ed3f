import { issueListResponseSchema } from '@tracker/shared/api/issues';
import { demoProjectResponseSchema } from '@tracker/shared/api/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { demoKey } from './demo-project.ts';
import { signUp } from '../projects/test-fixtures.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

describe('POST /api/projects/demo', () => {
  it('makes a small demo project of my own, in my language, with sample issues assigned to me; a second call opens the same one', async () => {
    const user = await signUp(t, { name: 'Newcomer', locale: 'en' });
    const first = await user.client.post('/api/projects/demo');
    expect(first.status).toBe(201);
    const made = demoProjectResponseSchema.parse(first.body);
    expect(made.created).toBe(true);
    expect(made.project.key).toBe(demoKey(user.id));
    expect(made.project.name).toBe('Demo: website launch');
    expect(made.project.myRole).toBe('owner');
    expect(made.project.visibility).toBe('members');

    const issues = issueListResponseSchema.parse((await user.client.get(`/api/issues?project=${made.project.id}&assignee=me`)).body).issues;
    expect(issues.length).toBeGreaterThanOrEqual(4);
    expect(issues.some((i) => i.dueDate === null)).toBe(true);
    expect(issues.some((i) => i.title === 'Write the launch announcement')).toBe(true);

    const again = await user.client.post('/api/projects/demo');
    expect(again.status).toBe(200);
    const same = demoProjectResponseSchema.parse(again.body);
    expect(same.created).toBe(false);
    expect(same.project.id).toBe(made.project.id);
    const count = await t.sql<{ n: number }>('select count(*)::int as n from issues where project_id = ?', [made.project.id]);
    expect(count[0]!.n).toBe(issues.length);
  });

  it('speaks Russian to a Russian user, and each user gets their own', async () => {
    const a = await signUp(t, { locale: 'ru' });
    const b = await signUp(t, { locale: 'ru' });
    const pa = demoProjectResponseSchema.parse((await a.client.post('/api/projects/demo')).body);
    const pb = demoProjectResponseSchema.parse((await b.client.post('/api/projects/demo')).body);
    expect(pa.project.name).toBe('Демо: запуск сайта');
    expect(pa.project.id).not.toBe(pb.project.id);
    // b cannot see a's demo project.
    expect((await b.client.get(`/api/projects/${pa.project.id}`)).status).toBe(404);
  });

  it('answers a conflict, not a 5xx, when someone else already holds the key', async () => {
    const owner = await signUp(t);
    const late = await signUp(t);
    expect((await owner.client.post('/api/projects', { key: demoKey(late.id), name: 'Squatter' })).status).toBe(201);
    const res = await late.client.post('/api/projects/demo');
    expect(res.status).toBe(409);
    expect(res.body.statusMessage).toBeTruthy();
    expect((await t.client().post('/api/projects/demo')).status).toBe(401);
  });

  it('derives keys that are valid project keys', () => {
    expect(demoKey(1)).toBe('DEMOB');
    expect(demoKey(26)).toBe('DEMOBA');
    expect(demoKey(308_915_775)).toMatch(/^[A-Z]{2,10}$/);
  });
});
