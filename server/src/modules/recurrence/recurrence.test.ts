import type { EntityManager } from '@mikro-orm/postgresql';
import { createTranslator } from '@tracker/shared/i18n/translator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { Recurrence } from './recurrence.entity.ts';
import { runDueRecurrences } from './scheduler.ts';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let english: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
const statusOf = (category: string) => project.statuses.find((s) => s.category === category)!.id;
const fork = () => t.orm.em.fork() as unknown as EntityManager;
const patch = (user: TestUser, path: string, body: unknown) => user.client.request('PATCH', path, { json: body });
/** A DTSTART line `days` before today (the floor is a year back). */
const startDaysAgo = (days: number) => `DTSTART:${new Date(Date.now() - days * 86400_000).toISOString().slice(0, 10).replaceAll('-', '')}T000000Z`;
const occurrencesOf = (issueId: number) =>
  t.sql<{ id: number; due_date: string; title: string; status_id: number; priority: number; labels: number[] }>(
    `select i.id, to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.title, i.status_id, i.priority, array(select label_id from issue_labels where issue_id = i.id) as labels
       from activities a join issues i on i.id = a.issue_id
      where a.action = 'recurrence.created' and (a.new_value->>'issueId')::int = ? order by i.id`,
    [issueId],
  );

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  member = await signUp(t, { name: 'Member' });
  outsider = await signUp(t, { name: 'Outsider' });
  english = await signUp(t, { name: 'English', locale: 'en' });
  project = await createProject(owner);
  await addMember(owner, project.project.id, member, 'member');
  await addMember(owner, project.project.id, english, 'member');
});
afterAll(() => t.close());

describe('PATCH recurrence', () => {
  it('sets, shows in the issue and the list, and clears', async () => {
    const issue = await createIssue(owner, project.project.id, { dueDate: '2030-12-03' });
    const set = await patch(member, `/api/issues/${issue.key}`, { recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=TU', mode: 'schedule' } });
    expect(set.status).toBe(200);
    // 2030-12-03 is a Tuesday: the head is that date's issue, so the next date is a week later.
    expect(set.body.issue.recurrence).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=TU', mode: 'schedule', nextAt: '2030-12-10T00:00:00.000Z' });
    expect(set.body.issue.version).toBeGreaterThan(issue.version as number);
    const stored = await fork().findOneOrFail(Recurrence, { issueId: issue.id });
    expect(stored).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=TU', mode: 'schedule', dtstart: new Date('2030-12-03T00:00:00Z'), nextAt: new Date('2030-12-10T00:00:00Z') });
    const list = await member.client.get(`/api/issues?project=${project.project.id}&limit=200`);
    expect(list.body.issues.find((i: { id: number }) => i.id === issue.id).recurrence.mode).toBe('schedule');

    const again = await patch(member, `/api/issues/${issue.id}`, { recurrence: { rrule: 'RRULE:FREQ=DAILY', mode: 'on_complete' }, title: 'Renamed' });
    expect(again.status).toBe(200);
    expect(again.body.issue).toMatchObject({ title: 'Renamed', recurrence: { rrule: 'FREQ=DAILY', mode: 'on_complete' } });
    expect(await t.sql('select count(*)::int as n from recurrences where issue_id = ?', [issue.id])).toEqual([{ n: 1 }]);

    const cleared = await patch(member, `/api/issues/${issue.id}`, { recurrence: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.issue.recurrence).toBeNull();
    expect(await t.sql('select count(*)::int as n from recurrences where issue_id = ?', [issue.id])).toEqual([{ n: 0 }]);
  });

  const refused: [string, unknown, string][] = [
    ['garbage', { rrule: 'every tuesday', mode: 'schedule' }, 'recurrence.invalid'],
    ['a rule without FREQ', { rrule: 'BYDAY=MO', mode: 'schedule' }, 'recurrence.invalid'],
    ['a count already used up', { rrule: `${startDaysAgo(30)}\nRRULE:FREQ=DAILY;COUNT=3`, mode: 'schedule' }, 'recurrence.never'],
    ['a start more than a year back', { rrule: 'DTSTART:19000101T000000Z\nRRULE:FREQ=HOURLY', mode: 'schedule' }, 'recurrence.tooEarly'],
    ['a date too rare to compute', { rrule: 'FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO', mode: 'schedule' }, 'recurrence.tooCostly'],
    ['a count too long to compute', { rrule: 'FREQ=HOURLY;COUNT=100000000', mode: 'on_complete' }, 'recurrence.tooCostly'],
    ['an end in the past', { rrule: 'FREQ=WEEKLY;UNTIL=20200101T000000Z', mode: 'schedule' }, 'recurrence.never'],
    ['a date that never comes', { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31', mode: 'schedule' }, 'recurrence.never'],
    ['every minute', { rrule: 'FREQ=MINUTELY', mode: 'schedule' }, 'recurrence.tooFrequent'],
    ['twice an hour', { rrule: 'FREQ=HOURLY;BYMINUTE=0,30', mode: 'schedule' }, 'recurrence.tooFrequent'],
    ['every second', { rrule: 'FREQ=SECONDLY;INTERVAL=7200', mode: 'on_complete' }, 'recurrence.tooFrequent'],
  ];
  for (const [what, recurrence, message] of refused) {
    it(`refuses ${what} with 400 and changes nothing`, async () => {
      const issue = await createIssue(owner, project.project.id);
      const res = await patch(member, `/api/issues/${issue.id}`, { recurrence, title: 'Changed' });
      expect(res.status).toBe(400);
      expect(res.body.data.issues[0]).toMatchObject({ path: ['recurrence', 'rrule'], message });
      expect(await t.sql('select title from issues where id = ?', [issue.id])).toEqual([{ title: 'Issue' }]);
      expect(await t.sql('select count(*)::int as n from recurrences where issue_id = ?', [issue.id])).toEqual([{ n: 0 }]);
    });
  }

  it('refuses a wrong mode and a rule that is not text', async () => {
    const issue = await createIssue(owner, project.project.id);
    for (const recurrence of [{ rrule: 'FREQ=DAILY', mode: 'sometimes' }, { rrule: 42, mode: 'schedule' }, { rrule: 'FREQ=DAILY' }, 'FREQ=DAILY', { rrule: 'FREQ=DAILY', mode: 'schedule', extra: 1 }]) {
      expect((await patch(member, `/api/issues/${issue.id}`, { recurrence })).status).toBe(400);
    }
  });

  it('answers in the reader language and names the problem with a key both languages translate', async () => {
    const issue = await createIssue(owner, project.project.id);
    const ru = await patch(member, `/api/issues/${issue.id}`, { recurrence: { rrule: 'FREQ=MINUTELY', mode: 'schedule' } });
    const en = await patch(english, `/api/issues/${issue.id}`, { recurrence: { rrule: 'FREQ=MINUTELY', mode: 'schedule' } });
    expect(ru.body.statusMessage).toBe('Проверьте введённые данные');
    const key = en.body.data.issues[0].message as string;
    const translator = createTranslator();
    // The rule's texts are a namespace of their own, loaded with the pages that show issues.
    await translator.load(['recurrence']);
    expect(translator.text('ru', key)).toBe('Повтор не может быть чаще одного раза в час');
    expect(translator.text('en', key)).toBe('An issue cannot repeat more often than once an hour');
  });

  it('lets only people who may edit the issue set it', async () => {
    const issue = await createIssue(owner, project.project.id);
    const res = await patch(outsider, `/api/issues/${issue.id}`, { recurrence: { rrule: 'FREQ=DAILY', mode: 'schedule' } });
    expect([403, 404]).toContain(res.status);
    const viewer = await signUp(t, { name: 'Viewer' });
    await addMember(owner, project.project.id, viewer, 'viewer');
    expect((await patch(viewer, `/api/issues/${issue.id}`, { recurrence: { rrule: 'FREQ=DAILY', mode: 'schedule' } })).status).toBe(403);
    expect(await t.sql('select count(*)::int as n from recurrences where issue_id = ?', [issue.id])).toEqual([{ n: 0 }]);
  });
});

describe('schedule mode', () => {
  it('creates a weekly occurrence once, even from two workers at once and when run again', async () => {
    const label = project.labels[0]!.id;
    const template = await createIssue(owner, project.project.id, { title: 'Weekly report', priority: 'high', labelIds: [label], statusId: statusOf('started'), dueDate: '2031-03-03' });
    const set = await patch(owner, `/api/issues/${template.id}`, { recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO', mode: 'schedule' } });
    expect(set.body.issue.recurrence.nextAt).toBe('2031-03-10T00:00:00.000Z');
    // Time is not waited for: the ticks run as of a day after the next date. (Dates years ahead, so
    // the server's own minute tick, which runs as of now, never finds these series due.)
    const now = new Date('2031-03-11T12:00:00Z');
    await Promise.all([runDueRecurrences(fork(), now), runDueRecurrences(fork(), now)]);
    await runDueRecurrences(fork(), now);
    const made = await occurrencesOf(template.id);
    expect(made).toEqual([{ id: expect.any(Number), due_date: '2031-03-10', title: 'Weekly report', status_id: statusOf('unstarted'), priority: 2, labels: [label] }]);
    expect(await t.sql(`select to_char(next_at at time zone 'UTC', 'YYYY-MM-DD') as next from recurrences where issue_id = ?`, [template.id])).toEqual([{ next: '2031-03-17' }]);
    const page = await owner.client.get(`/api/issues/${made[0]!.id}/page`);
    expect(page.body.activity.map((a: { action: string }) => a.action)).toEqual(['created', 'recurrence.created']);
    expect(page.body.issue.recurrence).toBeNull();
  });

  it('after an outage creates only the latest missed occurrence', async () => {
    const template = await createIssue(owner, project.project.id, { title: 'Daily standup', dueDate: '2031-03-01' });
    await patch(owner, `/api/issues/${template.id}`, { recurrence: { rrule: 'FREQ=DAILY', mode: 'schedule' } });
    await runDueRecurrences(fork(), new Date('2031-03-08T09:00:00Z'));
    expect((await occurrencesOf(template.id)).map((o) => o.due_date)).toEqual(['2031-03-08']);
    expect(await t.sql(`select to_char(next_at at time zone 'UTC', 'YYYY-MM-DD') as next from recurrences where issue_id = ?`, [template.id])).toEqual([{ next: '2031-03-09' }]);
  });

  it('creates nothing before the date', async () => {
    const template = await createIssue(owner, project.project.id, { dueDate: '2031-03-01' });
    await patch(owner, `/api/issues/${template.id}`, { recurrence: { rrule: 'FREQ=DAILY', mode: 'schedule' } });
    await runDueRecurrences(fork(), new Date('2031-03-01T23:59:00Z'));
    expect(await occurrencesOf(template.id)).toEqual([]);
  });
});

describe('on_complete mode', () => {
  it('creates the next issue once when completed, however often the status is toggled', async () => {
    const first = await createIssue(owner, project.project.id, { title: 'Water plants', dueDate: '2026-11-02', assigneeId: member.id });
    expect((await patch(owner, `/api/issues/${first.id}`, { recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO', mode: 'on_complete' } })).status).toBe(200);
    const done = statusOf('completed');
    const open = statusOf('unstarted');
    expect((await patch(member, `/api/issues/${first.id}`, { statusId: done })).status).toBe(200);
    await patch(member, `/api/issues/${first.id}`, { statusId: open });
    await member.client.post('/api/issues/bulk', { ids: [first.id], patch: { statusId: done } });
    await patch(member, `/api/issues/${first.id}`, { statusId: open });
    await member.client.post(`/api/issues/${first.id}/move`, { statusId: done });
    const made = await occurrencesOf(first.id);
    expect(made).toHaveLength(1);
    const next = await owner.client.get(`/api/issues/${made[0]!.id}`);
    expect(next.body.issue).toMatchObject({ title: 'Water plants', statusId: open, assignee: { id: member.id }, recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO', mode: 'on_complete' } });
    // Dated by the rule after the completion (today) and after the previous due date: a Monday after today.
    const due = new Date(`${next.body.issue.dueDate}T00:00:00Z`);
    expect(due.getUTCDay()).toBe(1);
    expect(due.getTime()).toBeGreaterThan(Date.now() - 24 * 3600 * 1000);
    expect((await owner.client.get(`/api/issues/${first.id}`)).body.issue.recurrence).toBeNull();

    // The series moved: completing the new one creates the one after it.
    await patch(member, `/api/issues/${made[0]!.id}`, { statusId: done });
    const after = await occurrencesOf(made[0]!.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.due_date > next.body.issue.dueDate).toBe(true);
  });

  it('the scheduler leaves on_complete series alone', async () => {
    const issue = await createIssue(owner, project.project.id, { dueDate: '2026-11-01' });
    await patch(owner, `/api/issues/${issue.id}`, { recurrence: { rrule: 'FREQ=DAILY', mode: 'on_complete' } });
    await t.sql(`update recurrences set next_at = '2026-11-02T00:00:00Z' where issue_id = ?`, [issue.id]);
    await runDueRecurrences(fork(), new Date('2026-11-05T00:00:00Z'));
    expect(await occurrencesOf(issue.id)).toEqual([]);
  });
});

describe('rules stored before the start floor and the walk budget', () => {
  // Written straight to the table, as an older server accepted them; the tick runs last in this file,
  // as of a date after every other test's series.
  const store = async (rrule: string, dtstart: string, nextAt: string) => {
    const issue = await createIssue(owner, project.project.id, { title: `Stored ${rrule}` });
    await t.sql(`insert into recurrences (issue_id, rrule, mode, dtstart, next_at, created_by) values (?, ?, 'schedule', ?, ?, ?)`, [issue.id, rrule, dtstart, nextAt, owner.id]);
    return issue;
  };
  const nextOf = async (issueId: number) => (await t.sql<{ next: string | null }>(`select to_char(next_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as next from recurrences where issue_id = ?`, [issueId]))[0]!.next;

  it('keeps an hourly series from 1600 going, and stops a series whose rule cannot be computed', async () => {
    const hourly = await store('FREQ=HOURLY', '1600-01-01T00:00:00Z', '2032-01-01T04:00:00Z');
    const counted = await store('FREQ=HOURLY;COUNT=100000000', '1900-01-01T00:00:00Z', '2032-01-01T04:00:00Z');
    await runDueRecurrences(fork(), new Date('2032-01-01T05:30:00Z'));
    expect((await occurrencesOf(hourly.id)).map((o) => o.due_date)).toEqual(['2032-01-01']);
    expect(await nextOf(hourly.id)).toBe('2032-01-01T06:00');
    // Its COUNT is walked from 1900: beyond any budget, so the series ends instead of stalling each tick.
    expect(await occurrencesOf(counted.id)).toHaveLength(1);
    expect(await nextOf(counted.id)).toBeNull();
  });
});
