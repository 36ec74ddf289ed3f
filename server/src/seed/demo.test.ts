import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data.ts';
import { seedDemo } from './demo.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

describe('demo workspace', () => {
  it('fills an empty database consistently, and refuses a second run', async () => {
    const em = () => t.orm.em.fork() as unknown as EntityManager;
    const result = await seedDemo(em(), { issues: 300 });
    expect(result).toEqual({ users: DEMO_USERS.length, issues: 300 });

    const counters = await t.sql<{ key: string; issue_counter: number; max: number; n: number }>(
      'select p.key, p.issue_counter, max(i.number)::int as max, count(*)::int as n from projects p join issues i on i.project_id = p.id group by p.id order by p.key',
    );
    expect(counters).toHaveLength(3);
    for (const c of counters) expect([c.issue_counter, c.max]).toEqual([c.n, c.n]);

    const [{ comments, activity, streams }] = (await t.sql(
      'select (select count(*)::int from comments) as comments, (select count(*)::int from activities) as activity, (select count(*)::int from streams) as streams',
    )) as [{ comments: number; activity: number; streams: number }];
    expect(comments).toBeGreaterThan(100);
    expect(activity).toBeGreaterThanOrEqual(300);
    expect(streams).toBe(4);

    const login = await t.client().post('/api/auth/login', { email: DEMO_USERS[0].email, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user.roles).toContain('admin');

    await expect(seedDemo(em(), { issues: 10 })).rejects.toThrow(/empty workspace/);
  });
});
