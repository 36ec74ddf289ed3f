import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleResponseSchema, cycleSettingsResponseSchema } from '@tracker/shared/api/cycles';
import { addDays, todayIn, weekdayOf } from '@tracker/shared/dates';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createIssue, createProject, signUpTeam, type TestProject, type TestUser } from '../projects/test-fixtures.ts';
import { runCycleTick } from './cycle-jobs.ts';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let project: TestProject;
let other: TestProject;
beforeAll(async () => {
  t = await createTestServer();
  ({ owner, member, viewer, outsider, project, other } = await signUpTeam(t, { viewer: 'en' }));
});
afterAll(() => t.close());

// The users have no zone of their own: the server counts their days in the default one.
const today = () => todayIn(DEFAULT_TIME_ZONE);
const status = (p: typeof project, category: string) => p.statuses.find((s) => s.category === category)!.id;
const tick = () => runCycleTick(t.orm.em.fork() as EntityManager);
const n = async (sql: string, params: unknown[] = []) => Number((await t.sql<{ n: number }>(sql, params))[0]!.n);

describe('a cadence', () => {
  it('makes the current cycle and two upcoming ones, on the chosen weekday, for members who plan', async () => {
    const path = `/api/projects/${project.project.id}/cycle-settings`;
    expect((await viewer.client.request('PUT', path, { json: { weeks: 2, startDay: 1 } })).status).toBe(403);
    expect((await outsider.client.request('PUT', path, { json: { weeks: 2, startDay: 1 } })).status).toBe(404);
    const res = await member.client.request('PUT', path, { json: { weeks: 2, startDay: 1 } });
    expect(res.status).toBe(200);
    const { settings, cycles } = cycleSettingsResponseSchema.parse(res.body);
    expect(settings).toEqual({ weeks: 2, startDay: 1, timeZone: DEFAULT_TIME_ZONE });
    expect(cycles).toHaveLength(3);
    expect(cycles[0]!.startsOn <= today() && today() < cycles[0]!.endsOn).toBe(true);
    for (const [i, c] of cycles.entries()) {
      expect(weekdayOf(c.startsOn)).toBe(1);
      expect(c.endsOn).toBe(addDays(c.startsOn, 14));
      expect(c.number).toBe(i + 1);
      if (i) expect(c.startsOn).toBe(cycles[i - 1]!.endsOn);
    }
    // Setting it again (another weekday) replaces the empty upcoming cycles, not the current one.
    const again = cycleSettingsResponseSchema.parse((await owner.client.request('PUT', path, { json: { weeks: 1, startDay: 3 } })).body);
    expect(again.cycles[0]).toEqual(cycles[0]);
    expect(again.cycles).toHaveLength(3);
    expect(again.cycles[1]!.startsOn).toBe(cycles[0]!.endsOn);
    expect(weekdayOf(again.cycles[2]!.startsOn)).toBe(3);
    // A tick finds nothing to make.
    await tick();
    expect(await n('select count(*)::int as n from cycles where project_id = ?', [project.project.id])).toBe(3);
    const list = await viewer.client.get(`/api/projects/${project.project.id}/cycles`);
    expect(cycleSettingsResponseSchema.parse(list.body).cycles).toEqual(again.cycles);
  });

  it('refuses a cadence of 0 or over 4 weeks, translated, and keeps what was set', async () => {
    const path = `/api/projects/${project.project.id}/cycle-settings`;
    for (const weeks of [0, 5, 1.5, '2', null]) expect((await owner.client.request('PUT', path, { json: { weeks, startDay: 1 } })).status).toBe(400);
    const bad = await viewer.client.request('PUT', path, { json: { weeks: 5, startDay: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues[0]).toMatchObject({ path: ['weeks'], message: 'validation.cycleWeeks' });
    const en = await owner.client.request('PUT', path, { json: { weeks: 5, startDay: 1 }, headers: { 'accept-language': 'en' } });
    expect(en.body.statusMessage).not.toBe(bad.body.statusMessage);
    expect((await owner.client.request('PUT', path, { json: { weeks: 2, startDay: 8 } })).status).toBe(400);
    expect((await owner.client.request('PUT', path, { json: { weeks: 2 } })).status).toBe(400);
    const { settings } = cycleSettingsResponseSchema.parse((await owner.client.get(`/api/projects/${project.project.id}/cycles`)).body);
    expect(settings).toMatchObject({ weeks: 1, startDay: 3 });
  });

  it('stops with null: no cadence, and the cycles made stay', async () => {
    const p = await createProject(owner, { visibility: 'members' });
    const path = `/api/projects/${p.project.id}/cycle-settings`;
    const made = cycleSettingsResponseSchema.parse((await owner.client.request('PUT', path, { json: { weeks: 2, startDay: 1 } })).body);
    const stopped = await owner.client.request('PUT', path, { json: null });
    expect(stopped.status).toBe(200);
    expect(cycleSettingsResponseSchema.parse(stopped.body)).toEqual({ settings: null, cycles: made.cycles });
    await tick();
    expect(await n('select count(*)::int as n from cycles where project_id = ?', [p.project.id])).toBe(3);
  });
});

describe('cycles made by hand', () => {
  it('refuse zero-length, overlapping and over-long dates, and a project the caller cannot see', async () => {
    const path = `/api/projects/${other.project.id}/cycles`;
    const zero = await outsider.client.post(path, { startsOn: '2030-01-07', endsOn: '2030-01-07' });
    expect(zero.status).toBe(400);
    expect(zero.body.data.issues[0]).toMatchObject({ path: ['endsOn'], message: 'validation.cycleEmpty' });
    expect(zero.body.statusMessage).toBeTruthy();
    expect((await outsider.client.post(path, { startsOn: '2030-01-07', endsOn: '2030-03-07' })).status).toBe(400);
    expect((await outsider.client.post(path, { startsOn: '1899-12-31', endsOn: '1900-01-07' })).status).toBe(400);
    const first = await outsider.client.post(path, { name: 'Sprint A', startsOn: '2030-01-07', endsOn: '2030-01-21' });
    expect(first.status).toBe(201);
    const overlap = await outsider.client.post(path, { startsOn: '2030-01-20', endsOn: '2030-01-27' });
    expect(overlap.status).toBe(400);
    expect(overlap.body.data.issues[0]).toMatchObject({ path: ['startsOn'], message: 'validation.cycleOverlap' });
    // Touching is not overlapping: the next cycle starts on the day the first one ends.
    const next = await outsider.client.post(path, { startsOn: '2030-01-21', endsOn: '2030-02-04' });
    expect(next.status).toBe(201);
    const moved = await outsider.client.request('PATCH', `/api/cycles/${next.body.cycle.id}`, { json: { startsOn: '2030-01-14' } });
    expect(moved.status).toBe(400);
    expect((await outsider.client.request('PATCH', `/api/cycles/${next.body.cycle.id}`, { json: { name: 'Sprint B' } })).body.cycle.name).toBe('Sprint B');
    expect((await owner.client.get(`/api/cycles/${next.body.cycle.id}`)).status).toBe(404);
    expect((await owner.client.post(path, { startsOn: '2031-01-07', endsOn: '2031-01-14' })).status).toBe(404);
    expect(await n('select count(*)::int as n from cycles where project_id = ?', [other.project.id])).toBe(2);
  });
});

describe('issues in cycles', () => {
  it('take only a current or upcoming cycle of their own project', async () => {
    const { cycles } = cycleSettingsResponseSchema.parse((await owner.client.get(`/api/projects/${project.project.id}/cycles`)).body);
    const issue = await createIssue(member, project.project.id, { title: 'Planned', cycleId: cycles[0]!.id });
    expect(issue.cycleId).toBe(cycles[0]!.id);
    const foreign = (await outsider.client.get(`/api/projects/${other.project.id}/cycles`)).body.cycles[0].id as number;
    const before = (await member.client.get(`/api/issues/${issue.id}`)).body.issue.version;
    const bad = await member.client.request('PATCH', `/api/issues/${issue.id}`, { json: { cycleId: foreign, title: 'Changed' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues[0]).toMatchObject({ path: ['cycleId'], message: 'validation.unknownCycle' });
    const after = (await member.client.get(`/api/issues/${issue.id}`)).body.issue;
    expect(after).toMatchObject({ version: before, title: 'Planned', cycleId: cycles[0]!.id });
    expect((await member.client.post('/api/issues', { projectId: project.project.id, title: 'x', cycleId: foreign })).status).toBe(400);

    const moved = await member.client.request('PATCH', `/api/issues/${issue.id}`, { json: { cycleId: cycles[1]!.id } });
    expect(moved.status).toBe(200);
    const list = await member.client.get(`/api/issues?project=${project.project.id}&cycle=${cycles[1]!.id}`);
    expect(list.body.issues.map((i: { id: number }) => i.id)).toEqual([issue.id]);
    const bulk = await member.client.post('/api/issues/bulk', { ids: [issue.id], patch: { cycleId: null } });
    expect(bulk.status).toBe(200);
    expect((await member.client.get(`/api/issues/${issue.id}`)).body.issue.cycleId).toBeNull();
    const activity = await member.client.get(`/api/issues/${issue.id}/activity`);
    expect(activity.body.activity.filter((a: { field: string }) => a.field === 'cycleId').map((a: { oldValue: unknown; newValue: unknown }) => [a.oldValue, a.newValue])).toEqual([
      [cycles[0]!.id, cycles[1]!.id],
      [cycles[1]!.id, null],
    ]);
  });
});

describe('a two-week cycle', () => {
  it('counts scope, completed and in progress, with a burndown whose last point is the completed count, and rolls the rest on at its end', async () => {
    const p = await createProject(owner, { visibility: 'members' });
    const monday = addDays(today(), -((weekdayOf(today()) + 6) % 7));
    const mk = (startsOn: string, endsOn: string) => owner.client.post(`/api/projects/${p.project.id}/cycles`, { startsOn, endsOn });
    // Earlier cycles, for the velocity: one with 2 of 3 completed before its end.
    const old = (await mk(addDays(monday, -28), addDays(monday, -14))).body.cycle.id as number;
    const current = (await mk(addDays(monday, -14 + 14 - 13), addDays(monday, 14))).body;
    expect(current.cycle).toBeTruthy();
    const cycleId = current.cycle.id as number;
    const next = (await mk(addDays(monday, 14), addDays(monday, 28))).body.cycle.id as number;

    const done = status(p, 'completed');
    const started = status(p, 'started');
    const issues = [];
    for (let i = 0; i < 5; i++) issues.push(await createIssue(owner, p.project.id, { title: `Work ${i}`, cycleId }));
    await owner.client.request('PATCH', `/api/issues/${issues[0]!.id}`, { json: { statusId: done } });
    await owner.client.request('PATCH', `/api/issues/${issues[1]!.id}`, { json: { statusId: done } });
    await owner.client.request('PATCH', `/api/issues/${issues[2]!.id}`, { json: { statusId: started } });
    // History before the old cycle ended: written as the trigger would have, a day in.
    const oldIssues = [];
    for (let i = 0; i < 3; i++) oldIssues.push((await t.sql<{ id: number }>(`insert into issues (project_id, number, title, status_id, reporter_id, sort_order) values (?, 100 + ?, 'Old', ?, ?, 0) returning id`, [p.project.id, i, done, owner.id]))[0]!.id);
    await t.sql(`insert into cycle_issues (cycle_id, issue_id, added_at) select ?, unnest(?::int[]), (?::date + 1)::timestamp at time zone ?`, [old, `{${oldIssues.join(',')}}`, addDays(monday, -28), DEFAULT_TIME_ZONE]);
    await t.sql(`update issues set completed_at = (?::date + 3)::timestamp at time zone ? where id = any(?::int[])`, [addDays(monday, -28), DEFAULT_TIME_ZONE, `{${oldIssues.slice(0, 2).join(',')}}`]);

    const res = await viewer.client.get(`/api/cycles/${cycleId}`);
    expect(res.status).toBe(404);
    const { cycle } = cycleResponseSchema.parse((await owner.client.get(`/api/cycles/${cycleId}`)).body);
    expect(cycle).toMatchObject({ state: 'current', scope: 5, completed: 2, inProgress: 1 });
    expect(cycle.burndown.at(-1)).toMatchObject({ date: today(), scope: 5, completed: 2 });
    expect(cycle.burndown[0]!.date).toBe(cycle.startsOn);
    expect(cycle.burndown.every((d) => d.ideal >= 0 && d.ideal <= d.scope)).toBe(true);
    expect(cycle.byStatus).toEqual(expect.arrayContaining([{ statusId: done, count: 2 }, { statusId: started, count: 1 }]));
    expect(cycle.velocity).toEqual({ average: 2, cycles: [expect.objectContaining({ cycleId: old, scope: 3, completed: 2 })] });

    // The cycle ends today: a tick moves its three unfinished issues on, once.
    expect((await owner.client.request('PATCH', `/api/cycles/${cycleId}`, { json: { endsOn: today() } })).status).toBe(200);
    // As if the work had been planned and done before today.
    await t.sql(`update cycle_issues set added_at = added_at - interval '3 days' where cycle_id = ?`, [cycleId]);
    await t.sql(`update issues set completed_at = completed_at - interval '1 day' where cycle_id = ? and completed_at is not null`, [cycleId]);
    await t.sql(`update cycles set starts_on = ?::date where id = ?`, [today(), next]);
    await tick();
    await tick();
    const rows = await t.sql<{ id: number; cycle_id: number }>(`select id, cycle_id from issues where id = any(?::int[]) order by id`, [`{${issues.map((i) => i.id).join(',')}}`]);
    expect(rows.map((r) => r.cycle_id)).toEqual([cycleId, cycleId, next, next, next]);
    const history = await t.sql<{ issue_id: number; actor_id: number | null }>(`select issue_id, actor_id from activities where field = 'cycleId' and issue_id = any(?::int[])`, [`{${issues.map((i) => i.id).join(',')}}`]);
    expect(history.map((h) => h.issue_id).sort()).toEqual(issues.slice(2).map((i) => i.id).sort());
    expect(history.every((h) => h.actor_id === null)).toBe(true);
    const ended = cycleResponseSchema.parse((await owner.client.get(`/api/cycles/${cycleId}`)).body).cycle;
    expect(ended).toMatchObject({ state: 'past', scope: 5, completed: 2 });
    expect(ended.rolledOverAt).not.toBeNull();
    const after = cycleResponseSchema.parse((await owner.client.get(`/api/cycles/${next}`)).body).cycle;
    expect(after).toMatchObject({ state: 'current', scope: 3, completed: 0 });
    expect(after.velocity.cycles.map((c) => [c.cycleId, c.scope, c.completed])).toEqual([
      [old, 3, 2],
      [cycleId, 5, 2],
    ]);
    // An ended cycle takes no more issues.
    const late = await owner.client.request('PATCH', `/api/issues/${issues[0]!.id}`, { json: { cycleId } });
    expect(late.status).toBe(200);
    const bad = await owner.client.request('PATCH', `/api/issues/${issues[2]!.id}`, { json: { cycleId } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues[0].message).toBe('validation.cycleEnded');
  });
});
