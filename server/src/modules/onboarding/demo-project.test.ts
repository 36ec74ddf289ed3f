import { issueListResponseSchema, issueResponseSchema } from '@tracker/shared/api/issues';
import { demoProjectResponseSchema, projectDetailResponseSchema } from '@tracker/shared/api/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderExamples } from '../../seed/placeholder-examples.ts';
import { createTestServer, type TestClient, type TestServer } from '../../test/harness.ts';
import { DEFAULT_STATUSES } from '../projects/default-workflow.ts';
import { demoKey } from './demo-project.ts';
import { DEMO_PROJECT, DEMO_RELATIONS } from './demo-project-data.ts';
import { signUp } from '../projects/test-fixtures.ts';
import { cycleResponseSchema, cycleSettingsResponseSchema } from '@tracker/shared/api/cycles';
import { milestonesResponseSchema } from '@tracker/shared/api/milestones';
import { currentAndNext } from '@tracker/shared/cycle-dates';
import { todayIn } from '@tracker/shared/dates';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t.close());

/**
 * What a newcomer should find in their demo project, in their language: statuses and labels named in
 * it, every `#label` of the quick-add placeholder, sub-issues and relations of each stored type.
 */
async function expectTour(client: TestClient, projectId: number, lang: 'ru' | 'en') {
  const texts = DEMO_PROJECT[lang].issues;
  const project = projectDetailResponseSchema.parse((await client.get(`/api/projects/${projectId}`)).body);
  expect(project.statuses.map((s) => s.name)).toEqual(DEFAULT_STATUSES.map((s) => s.name[lang]));
  const labels = project.labels.map((l) => l.name.toLowerCase());
  for (const { text, parsed } of await placeholderExamples(lang)) {
    for (const label of parsed.labels) expect(labels, text).toContain(label.toLowerCase());
  }

  const list = issueListResponseSchema.parse((await client.get(`/api/issues?project=${projectId}`)).body).issues;
  expect(list.map((i) => i.title).sort()).toEqual(texts.map((i) => i.title).sort());
  const keyOf = (index: number) => list.find((i) => i.title === texts[index]!.title)!.key;
  const detail = async (index: number) => issueResponseSchema.parse((await client.get(`/api/issues/${keyOf(index)}`)).body).issue;

  for (const [index, issue] of texts.entries()) {
    const got = await detail(index);
    expect(got.parent?.key ?? null, issue.title).toBe(issue.parent === undefined ? null : keyOf(issue.parent));
    expect(got.labels.length, issue.title).toBe(issue.labels?.length ?? 0);
    if (issue.status) expect(got.status.category, issue.title).toBe(issue.status);
  }
  expect(texts.some((i) => i.parent !== undefined)).toBe(true);
  expect(new Set(DEMO_RELATIONS.map((r) => r.type))).toEqual(new Set(['blocks', 'relates', 'duplicates']));
  for (const r of DEMO_RELATIONS) {
    expect((await detail(r.from)).relations.map((x) => `${x.type} ${x.issue.key}`)).toContain(`${r.type} ${keyOf(r.to)}`);
    const back = r.type === 'relates' ? 'relates' : r.type === 'blocks' ? 'blocked_by' : 'duplicated_by';
    expect((await detail(r.to)).relations.map((x) => `${x.type} ${x.issue.key}`)).toContain(`${back} ${keyOf(r.from)}`);
  }
}

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
    await expectTour(user.client, made.project.id, 'en');
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
    await expectTour(a.client, pa.project.id, 'ru');
  });

  it('plans in a two-week cycle whose burndown ends at its completed count, towards a milestone', async () => {
    const user = await signUp(t, { locale: 'en' });
    const { project } = demoProjectResponseSchema.parse((await user.client.post('/api/projects/demo')).body);
    const { settings, cycles } = cycleSettingsResponseSchema.parse((await user.client.get(`/api/projects/${project.id}/cycles`)).body);
    expect(settings).toMatchObject({ weeks: 2, startDay: 1 });
    const { current } = currentAndNext(cycles, todayIn(DEFAULT_TIME_ZONE));
    const { cycle } = cycleResponseSchema.parse((await user.client.get(`/api/cycles/${current!.id}`)).body);
    expect(cycle.scope).toBeGreaterThanOrEqual(4);
    expect(cycle.completed).toBeGreaterThanOrEqual(1);
    expect(cycle.burndown.at(-1)).toMatchObject({ scope: cycle.scope, completed: cycle.completed });
    const [milestone] = milestonesResponseSchema.parse((await user.client.get(`/api/projects/${project.id}/milestones`)).body).milestones;
    expect(milestone).toMatchObject({ name: 'Launch' });
    expect(milestone!.total).toBeGreaterThanOrEqual(4);
    const dated = issueListResponseSchema.parse((await user.client.get(`/api/issues?project=${project.id}`)).body).issues.filter((i) => i.dueDate);
    expect(dated.every((i) => i.startDate && i.startDate < i.dueDate!)).toBe(true);
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
