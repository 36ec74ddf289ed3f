import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeEntriesResponseSchema, timeEntryResponseSchema, timesheetResponseSchema } from '@tracker/shared/api/time';
import { activityResponseSchema, issueListResponseSchema } from '@tracker/shared/api/issues';
import { syncBootstrapResponseSchema, syncChangesResponseSchema } from '@tracker/shared/api/sync';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { endOfWeek, startOfWeek, todayIn, weekStart } from '@tracker/shared/dates';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let admin: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  member = await signUp(t, { name: 'Member' });
  viewer = await signUp(t, { name: 'Viewer' });
  outsider = await signUp(t, { name: 'Outsider' });
  admin = await signUp(t, { name: 'Admin', admin: true });
  project = await createProject(owner);
  await addMember(owner, project.project.id, member, 'member');
  await addMember(owner, project.project.id, viewer, 'viewer');
});
afterAll(() => t.close());

const entryCount = async (issueId: number) => (await t.sql<{ n: number }>('select count(*)::int as n from time_entries where issue_id = ?', [issueId]))[0]!.n;

describe('logging time', () => {
  it('logs each accepted format as 201 with the entry, an activity row and the issue’s spent total', async () => {
    const issue = await createIssue(owner, project.project.id);
    const spent = [
      ['1h 30m', 90],
      ['1ч 30м', 90],
      ['90m', 90],
      ['1.5h', 90],
      ['1,5ч', 90],
      ['45 мин', 45],
      ['1 час 30 минут', 90],
    ] as const;
    for (const [text, minutes] of spent) {
      const res = await member.client.post(`/api/issues/${issue.key}/time`, { spent: text, date: '2026-11-02', note: `via ${text}` });
      expect(res.status, text).toBe(201);
      const { entry } = timeEntryResponseSchema.parse(res.body);
      expect(entry).toMatchObject({ minutes, date: '2026-11-02', note: `via ${text}`, user: { id: member.id }, issue: { id: issue.id, key: issue.key }, canEdit: true });
    }
    const total = spent.reduce((s, [, m]) => s + m, 0);
    const list = timeEntriesResponseSchema.parse((await viewer.client.get(`/api/issues/${issue.id}/time`)).body);
    expect(list.totalMinutes).toBe(total);
    expect(list.entries).toHaveLength(spent.length);
    expect(list.entries.every((e) => !e.canEdit)).toBe(true);

    const detail = await owner.client.get(`/api/issues/${issue.id}`);
    expect(detail.body.issue.spentMinutes).toBe(total);
    const rows = issueListResponseSchema.parse((await owner.client.get(`/api/issues?project=${project.project.id}`)).body);
    expect(rows.issues.find((i) => i.id === issue.id)?.spentMinutes).toBe(total);

    const activity = activityResponseSchema.parse((await owner.client.get(`/api/issues/${issue.id}/activity`)).body).activity;
    const logged = activity.filter((a) => a.action === 'time.logged');
    expect(logged).toHaveLength(spent.length);
    expect(logged[0]).toMatchObject({ actor: { id: member.id }, newValue: { minutes: 90, date: '2026-11-02' } });
  });

  it('defaults the date to today', async () => {
    const issue = await createIssue(owner, project.project.id);
    const res = await owner.client.post(`/api/issues/${issue.id}/time`, { spent: '15m' });
    expect(res.status).toBe(201);
    // The owner has no zone of their own: their today is the default zone's (UTC's is another day near midnight).
    expect(res.body.entry.date).toBe(todayIn(DEFAULT_TIME_ZONE));
  });

  it('refuses bad input with the error shape and writes nothing', async () => {
    const issue = await createIssue(owner, project.project.id);
    const activityBefore = await t.sql('select count(*)::int as n from activities where issue_id = ?', [issue.id]);
    for (const [body, field, message] of [
      [{ spent: 'soon' }, 'spent', 'validation.duration'],
      [{ spent: '0m' }, 'spent', 'validation.durationMin'],
      [{ spent: '-1h' }, 'spent', 'validation.durationMin'],
      [{ spent: '25h' }, 'spent', 'validation.durationMax'],
      [{ spent: 90 }, 'spent', 'validation.invalid'],
      [{}, 'spent', 'validation.invalid'],
      [{ spent: '1h', date: '2026-02-30' }, 'date', 'validation.date'],
      [{ spent: '1h', date: '2999-01-01' }, 'date', 'validation.futureDate'],
      [{ spent: '1h', note: 'x'.repeat(1001) }, 'note', 'validation.tooLong'],
      [{ spent: '1h\u0000' }, 'spent', 'validation.invalidCharacter'],
    ] as const) {
      const res = await owner.client.post(`/api/issues/${issue.id}/time`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, data: { code: 'validation' } });
      expect(typeof res.body.statusMessage).toBe('string');
      expect(res.body.data.issues[0], JSON.stringify(body)).toMatchObject({ path: [field], message });
    }
    const garbage = await owner.client.request('POST', `/api/issues/${issue.id}/time`, { body: '{"spent":', headers: { 'content-type': 'application/json' } });
    expect(garbage.status).toBe(400);
    expect(await entryCount(issue.id)).toBe(0);
    expect(await t.sql('select count(*)::int as n from activities where issue_id = ?', [issue.id])).toEqual(activityBefore);
  });

  it('lets whoever may edit the issue log time, and nobody else', async () => {
    const issue = await createIssue(owner, project.project.id);
    expect((await viewer.client.post(`/api/issues/${issue.id}/time`, { spent: '1h' })).status).toBe(403);
    expect((await outsider.client.post(`/api/issues/${issue.id}/time`, { spent: '1h' })).status).toBe(404);
    expect((await outsider.client.get(`/api/issues/${issue.id}/time`)).status).toBe(404);
    expect((await t.client().post(`/api/issues/${issue.id}/time`, { spent: '1h' })).status).toBe(401);
    expect((await admin.client.post(`/api/issues/${issue.id}/time`, { spent: '1h' })).status).toBe(201);
    expect((await owner.client.post('/api/issues/999999999/time', { spent: '1h' })).status).toBe(404);
    expect(await entryCount(issue.id)).toBe(1);
  });
});

describe('what logging time changes', () => {
  it('moves the cached issue list and sends the issue, with its new total, to synced clients', async () => {
    const issue = await createIssue(owner, project.project.id);
    const listed = async () => issueListResponseSchema.parse((await owner.client.get(`/api/issues?project=${project.project.id}`)).body).issues.find((i) => i.id === issue.id);
    expect((await listed())?.spentMinutes).toBe(0);
    const { syncId } = syncBootstrapResponseSchema.parse((await owner.client.get('/api/sync/bootstrap')).body);
    expect((await member.client.post(`/api/issues/${issue.id}/time`, { spent: '30m' })).status).toBe(201);
    expect((await listed())?.spentMinutes).toBe(30);
    const feed = syncChangesResponseSchema.parse((await owner.client.get(`/api/sync/changes?since=${syncId}`)).body);
    const change = feed.changes.find((c) => c.entity === 'issue' && c.id === issue.id);
    expect(change?.data).toMatchObject({ spentMinutes: 30 });
  });
});

describe('changing entries', () => {
  it('lets the author and admins edit and delete, and nobody else', async () => {
    const issue = await createIssue(owner, project.project.id);
    const { entry } = (await member.client.post(`/api/issues/${issue.id}/time`, { spent: '1h', date: '2026-11-03' })).body;
    expect((await owner.client.request('PATCH', `/api/time/${entry.id}`, { json: { spent: '2h' } })).status).toBe(403);
    expect((await outsider.client.request('PATCH', `/api/time/${entry.id}`, { json: { spent: '2h' } })).status).toBe(404);
    const edited = await member.client.request('PATCH', `/api/time/${entry.id}`, { json: { spent: '2h 15m', note: 'more' } });
    expect(edited.status).toBe(200);
    expect(edited.body.entry).toMatchObject({ minutes: 135, note: 'more', date: '2026-11-03' });
    const bad = await member.client.request('PATCH', `/api/time/${entry.id}`, { json: { spent: 'lots' } });
    expect(bad.status).toBe(400);
    expect((await member.client.get(`/api/issues/${issue.id}/time`)).body.totalMinutes).toBe(135);
    expect((await owner.client.request('DELETE', `/api/time/${entry.id}`)).status).toBe(403);
    expect((await admin.client.request('PATCH', `/api/time/${entry.id}`, { json: { date: '2026-11-04' } })).body.entry.date).toBe('2026-11-04');
    expect((await member.client.request('DELETE', `/api/time/${entry.id}`)).status).toBe(204);
    expect((await member.client.request('DELETE', `/api/time/${entry.id}`)).status).toBe(404);
    expect((await owner.client.get(`/api/issues/${issue.id}`)).body.issue.spentMinutes).toBe(0);
  });
});

describe('timesheet', () => {
  let sheetProject: Awaited<ReturnType<typeof createProject>>;
  let a: { id: number; key: string };
  let b: { id: number; key: string };
  let worker: TestUser;

  beforeAll(async () => {
    worker = await signUp(t, { name: 'Мария Иванова' });
    sheetProject = await createProject(owner, { name: 'Sheet' });
    await addMember(owner, sheetProject.project.id, worker, 'member');
    a = await createIssue(owner, sheetProject.project.id, { title: 'Alpha, "quoted"' });
    b = await createIssue(owner, sheetProject.project.id, { title: '=cmd()' });
    const log = (u: TestUser, issueId: number, spent: string, date: string, note = '') => u.client.post(`/api/issues/${issueId}/time`, { spent, date, note });
    await log(worker, a.id, '1h', '2026-11-02');
    await log(worker, a.id, '30m', '2026-11-02', 'line one\nline two');
    await log(worker, b.id, '2h', '2026-11-04');
    await log(worker, b.id, '1h', '2026-11-20');
    await log(owner, a.id, '45m', '2026-11-03');
    await log(owner, a.id, '5h', '2026-10-31');
  });

  const sheet = async (u: TestUser, query: string) => {
    const res = await u.client.get(`/api/timesheet?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return timesheetResponseSchema.parse(res.body);
  };

  it('sums a person’s week and month', async () => {
    const week = await sheet(worker, 'from=2026-11-02&to=2026-11-08');
    expect(week.totalMinutes).toBe(210);
    expect(week.cells.filter((c) => c.issueId === a.id)).toEqual([{ issueId: a.id, userId: worker.id, date: '2026-11-02', minutes: 90 }]);
    expect(week.issues.map((i) => i.key)).toEqual([a.key, b.key]);
    const month = await sheet(worker, 'from=2026-11-01&to=2026-11-30');
    expect(month.totalMinutes).toBe(270);
    expect(month.users).toEqual([{ id: worker.id, name: worker.name }]);
  });

  it('shows a project’s sheet with everyone in it, and others’ time only to those who share the project', async () => {
    const all = await sheet(owner, `projectId=${sheetProject.project.id}&from=2026-11-01&to=2026-11-30`);
    expect(all.totalMinutes).toBe(270 + 45);
    expect(all.users.map((u) => u.id).sort()).toEqual([owner.id, worker.id].sort());
    const hers = await sheet(owner, `userId=${worker.id}&from=2026-11-01&to=2026-11-30`);
    expect(hers.totalMinutes).toBe(270);
    const seenByOutsider = await sheet(outsider, `userId=${worker.id}&from=2026-11-01&to=2026-11-30`);
    expect(seenByOutsider.totalMinutes).toBe(0);
    expect((await outsider.client.get(`/api/timesheet?projectId=${sheetProject.project.id}`)).status).toBe(404);
  });

  it('defaults to the caller’s current week: their zone’s today, their language’s week start', async () => {
    // UTC+14: its date is a day ahead of UTC's for 14 hours of every day.
    await t.sql(`insert into notification_settings (user_id, time_zone) values (?, 'Pacific/Kiritimati') on conflict (user_id) do update set time_zone = excluded.time_zone`, [worker.id]);
    const res = await sheet(worker, '');
    const today = todayIn('Pacific/Kiritimati');
    expect({ from: res.from, to: res.to }).toEqual({ from: startOfWeek(today, weekStart('ru')), to: endOfWeek(today, weekStart('ru')) });
    expect(res.users.every((u) => u.id === worker.id)).toBe(true);
  });

  it('refuses a bad range with the error shape', async () => {
    for (const q of ['from=2026-11-10&to=2026-11-01', 'from=2026-01-01&to=2026-12-31', 'from=2026-11-01', 'userId=abc']) {
      const res = await worker.client.get(`/api/timesheet?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, data: { code: 'validation' } });
    }
  });

  it('exports CSV with a BOM, CRLF lines and RFC 4180 quoting', async () => {
    const res = await fetch(`${worker.client.baseUrl}/api/timesheet.csv?from=2026-11-01&to=2026-11-30`, {
      headers: { cookie: [...worker.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('timesheet-2026-11-01-2026-11-30.csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const key = sheetProject.project.key;
    expect(text).toBe(
      [
        'date,user,project,issue,title,minutes,hours,note',
        `2026-11-02,Мария Иванова,${key},${a.key},"Alpha, ""quoted""",60,1.00,`,
        `2026-11-02,Мария Иванова,${key},${a.key},"Alpha, ""quoted""",30,0.50,"line one\nline two"`,
        `2026-11-04,Мария Иванова,${key},${b.key},'=cmd(),120,2.00,`,
        `2026-11-20,Мария Иванова,${key},${b.key},'=cmd(),60,1.00,`,
        '',
      ].join('\r\n'),
    );
  });
});
