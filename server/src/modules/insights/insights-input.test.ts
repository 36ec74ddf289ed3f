// The input the insights API refuses, in the caller's language and never with a 5xx: an unknown
// chart, a backwards or too long range, a project, view or stream the caller cannot see, a grouping
// the chart has not, and hostile query shapes. (What each chart counts: insights.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_METRICS } from '@tracker/shared/api/insights';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

const FROM = '2026-01-05';
const TO = '2026-03-29';

let t: TestServer;
let owner: TestUser;
let theirs: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  const outsider = await signUp(t, { name: 'Outsider' });
  await createProject(owner, { visibility: 'members' });
  theirs = await createProject(outsider, { visibility: 'members' });
});
afterAll(() => t.close());

describe('insights: what the API refuses', () => {
  const status = async (path: string, user = owner, headers: Record<string, string> = {}) => {
    const res = await user.client.get(path, headers);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    return res;
  };

  it('refuses an unknown chart with a translated message', async () => {
    const ru = await status('/api/insights/burndown');
    expect(ru.status).toBe(400);
    expect(ru.body.statusMessage).toMatch(/^Такого графика нет/);
    expect(ru.body.data.issues).toEqual([{ path: ['metric'], message: 'validation.unknownMetric', code: 'custom' }]);
    const en = await status('/api/insights/burndown', owner, { 'accept-language': 'en' });
    expect(en.body.statusMessage).toMatch(/^There is no such chart/);
  });

  it('refuses a range that ends before it starts or spans more than ten years', async () => {
    expect((await status(`/api/insights/created-resolved?from=${TO}&to=${FROM}`)).status).toBe(400);
    expect((await status(`/api/insights/created-resolved?from=2099-01-01`)).status).toBe(400);
    expect((await status(`/api/insights/overdue?from=2010-01-01&to=2026-01-01`)).status).toBe(400);
    const tenYears = await status(`/api/insights/overdue?from=2016-01-01&to=2026-01-01`);
    expect(tenYears.status).toBe(200);
    expect(tenYears.body.rows.length).toBe(523);
  });

  it('answers 404 for a project, view or stream the viewer cannot see, and 400 for a grouping the chart has not', async () => {
    expect((await status(`/api/insights/workload?project=${theirs.project.id}`)).status).toBe(404);
    expect((await status(`/api/insights/workload?project=${theirs.project.key}`)).status).toBe(404);
    expect((await status(`/api/insights/workload?project=NOSUCH`)).status).toBe(404);
    expect((await status(`/api/insights/workload?view=2147483647`)).status).toBe(404);
    expect((await status(`/api/insights/workload?stream=2147483647`)).status).toBe(404);
    expect((await status(`/api/insights/workload?by=person`)).status).toBe(400);
    expect((await status(`/api/insights/created-resolved?by=assignee`)).status).toBe(400);
    expect((await status(`/api/insights/time?by=nobody`)).status).toBe(400);
    expect((await t.client().get('/api/insights/workload')).status).toBe(401);
  });

  it('answers every chart without a 5xx for hostile and odd query shapes', async () => {
    const shapes = [
      'priority=bad', 'assignee=me,none', 'label=1,2,3', 'status=2147483648', 'q=%00', 'q=fix%25_', 'cf.1=true', 'cf.99=12', 'cf.2=x',
      'from=0000-01-01', 'to=9999-12-31', 'from=9999-12-20&to=9999-12-31', 'from=1900-01-01&to=1900-01-01', 'view=0', 'view=abc', 'view=2147483648', 'view=%00', 'by=', 'by=%00',
      'category=started,completed', 'dueFrom=2026-01-01&dueTo=2025-01-01', 'project=0', 'stream=-1', 'parent=1', 'from=2026-02-30',
    ];
    for (const metric of [...INSIGHT_METRICS, 'x', '%00']) for (const q of shapes) await status(`/api/insights/${metric}?${q}`);
  });
});

/** PostgreSQL's percentile_cont: linear interpolation between the two closest ranks. */
