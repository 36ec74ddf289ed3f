// The client store's list queries (miniapp/src/store/query.ts) against the server's list on
// the same data: every sort in both directions and the filters the client implements must give the
// same ids in the same order, ties and missing priorities and due dates included.
import { issueListResponseSchema } from '@tracker/shared/api/issues';
import { syncBootstrapResponseSchema } from '@tracker/shared/api/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBootstrap } from '../../../../miniapp/src/store/apply.ts';
import { emptyData } from '../../../../miniapp/src/store/model.ts';
import { queryIssues, type IssueQuery } from '../../../../miniapp/src/store/query.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let store: ReturnType<typeof emptyData>;
let statusIds: { started: number; completed: number };

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  const a = await createProject(owner, { key: 'AB' });
  const b = await createProject(owner, { key: 'ABC' });
  statusIds = { started: a.statuses.find((s) => s.category === 'started')!.id, completed: a.statuses.find((s) => s.category === 'completed')!.id };
  const priorities = ['none', 'urgent', 'high', 'medium', 'low'];
  const base = new Date(Date.now() - 86_400_000).toISOString();
  const titles = ['alpha', 'Alpha', 'beta', 'Gamma', 'delta', 'Beta', 'epsilon'];
  for (let n = 0; n < 24; n++) {
    const project = n % 3 === 2 ? b : a;
    const issue = await createIssue(owner, project.project.id, {
      title: titles[n % titles.length],
      priority: priorities[n % 5],
      assigneeId: n % 2 ? owner.id : null,
      dueDate: n % 4 === 0 ? null : `2026-12-0${(n % 3) + 1}`,
      ...(project === a && n % 5 === 1 ? { statusId: statusIds.started } : {}),
      ...(project === a && n % 7 === 3 ? { statusId: statusIds.completed } : {}),
    });
    // Ties on purpose: several issues share each timestamp, so the id decides, in the list's direction.
    await t.sql(`update issues set created_at = ?::timestamptz - (? * interval '1 hour'), updated_at = ?::timestamptz - (? * interval '1 minute') where id = ?`, [base, n % 4, base, n % 6, issue.id]);
  }
  // SLAs on one project (docs/sla.md): its open urgent issues are due within a day, and one high one is marked breached.
  const sla = (await owner.client.get(`/api/projects/${a.project.id}/sla`)).body.sla;
  expect((await owner.client.request('PUT', `/api/projects/${a.project.id}/sla`, { json: { ...sla, enabled: true } })).status).toBe(200);
  await t.sql(`update issue_sla set resolve_breached_at = now() where issue_id = (select min(s.issue_id) from issue_sla s join issues i on i.id = s.issue_id where i.priority = 2)`);
  const res = await owner.client.get('/api/sync/bootstrap');
  store = emptyData();
  applyBootstrap(store, syncBootstrapResponseSchema.parse(res.body));
});
afterAll(() => t.close());

const serverIds = async (query: string) => {
  const res = await owner.client.get(`/api/issues?${query}&limit=200`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return issueListResponseSchema.parse(res.body).issues.map((i) => i.id);
};
const clientIds = (query: IssueQuery) => queryIssues(store, query, owner.id);
const asQuery = (q: Record<string, string | number>) => Object.entries(q).map(([k, v]) => `${k}=${v}`).join('&');

describe('client queries in the server list order', () => {
  it('holds every issue of the list', async () => {
    expect(Object.keys(store.issues)).toHaveLength(24);
  });

  for (const sort of ['updated', 'created', 'priority', 'due', 'title', 'key'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sorts by ${sort} ${order} as the server does, across projects and within one`, async () => {
        expect(clientIds({ sort, order })).toEqual(await serverIds(asQuery({ sort, order })));
        expect(clientIds({ sort, order, project: 'AB' })).toEqual(await serverIds(asQuery({ sort, order, project: 'AB' })));
      });
    }
  }

  it('filters as the server does', async () => {
    const queries: Record<string, string | number>[] = [
      { assignee: 'me' },
      { assignee: 'none', sort: 'priority' },
      { assignee: `me,none`, sort: 'due', order: 'asc' },
      { category: 'started,completed' },
      { status: String(statusIds.started) },
      { priority: 'urgent,none', sort: 'priority', order: 'asc' },
      { project: 'ABC', priority: 'high,low', sort: 'title' },
      { dueFrom: '2026-12-02', dueTo: '2026-12-03', sort: 'due' },
      { sla: 'at-risk' },
      { sla: 'breached', sort: 'priority' },
      { sla: 'at-risk', project: 'AB', sort: 'created', order: 'asc' },
    ];
    for (const q of queries) expect(clientIds(q as IssueQuery), asQuery(q)).toEqual(await serverIds(asQuery(q)));
    // Not empty by accident: the SLA filters have issues to find.
    expect(clientIds({ sla: 'at-risk' }).length).toBeGreaterThan(1);
    expect(clientIds({ sla: 'breached' })).toHaveLength(1);
  });
});
