// SLAs (issue 29, docs/sla.md): a project's settings, its issues' clocks and the breach scan, driven
// with an explicit `now` instead of waiting, against the validating Bot API peer for Telegram.
import { slaResponseSchema, type SlaSettings } from '@tracker/shared/api/sla';
import { issueListResponseSchema, issueResponseSchema, type IssueListItem } from '@tracker/shared/api/issues';
import { syncChangesResponseSchema } from '@tracker/shared/api/sync';
import { HOUR_MS } from '@tracker/shared/sla';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotServer, type BotServer, type TgUser } from '../../test/bot-server.ts';
import { inlinedQueries } from '../../test/query-log.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let s: BotServer;
let boss: TestUser;
let me: TestUser;
let member: TestUser;
let outsider: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
const ME: TgUser = { id: 990291, first_name: 'Ivan', language_code: 'ru' };

const slaPath = (id = project.project.id) => `/api/projects/${id}/sla`;
const statusOf = (category: string) => project.statuses.find((x) => x.category === category)!.id;
const scan = (now: Date) => s.t.app.services.sla.scan(now);
const issueNow = async (id: number) => issueResponseSchema.parse((await boss.client.get(`/api/issues/${id}`)).body).issue;
const inboxKinds = async (user: TestUser, issueId: number) =>
  (await s.t.sql<{ kind: string }>('select kind from inbox_items where user_id = ? and issue_id = ? order by id', [user.id, issueId])).map((r) => r.kind);
const later = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR_MS);

const slaDefaults = () => ({
  none: { respondHours: null, resolveHours: null },
  urgent: { respondHours: 24, resolveHours: 24 },
  high: { respondHours: 168, resolveHours: 168 },
  medium: { respondHours: null, resolveHours: null },
  low: { respondHours: null, resolveHours: null },
});

async function putSla(patch: Partial<SlaSettings> | null, as = boss) {
  const current = slaResponseSchema.parse((await as.client.get(slaPath())).body).sla;
  return as.client.request('PUT', slaPath(), { json: patch === null ? null : { ...current, ...patch } });
}

beforeAll(async () => {
  s = await createBotServer();
  boss = await signUp(s.t, { name: 'Boss' });
  me = await signUp(s.t, { name: 'Ivan' });
  member = await signUp(s.t, { name: 'Member' });
  outsider = await signUp(s.t, { name: 'Outsider' });
  await s.t.sql('update users set telegram_id = ? where id = ?', [ME.id, me.id]);
  project = await createProject(boss, { visibility: 'members' });
  await addMember(boss, project.project.id, me, 'member');
  await addMember(boss, project.project.id, member, 'member');
});
afterAll(() => s?.close());

describe('SLA settings', () => {
  it('answers the defaults, off, in the owner\'s time zone, until saved', async () => {
    const settings = (await boss.client.get('/api/user/notification-settings')).body.settings;
    expect((await boss.client.request('PUT', '/api/user/notification-settings', { json: { ...settings, timeZone: 'Asia/Yekaterinburg' } })).status).toBe(200);
    const res = await member.client.get(slaPath());
    expect(res.status).toBe(200);
    expect(slaResponseSchema.parse(res.body).sla).toEqual({
      enabled: false,
      timeZone: 'Asia/Yekaterinburg',
      businessDays: false,
      workingDays: [1, 2, 3, 4, 5],
      targets: {
        none: { respondHours: null, resolveHours: null },
        urgent: { respondHours: 24, resolveHours: 24 },
        high: { respondHours: 168, resolveHours: 168 },
        medium: { respondHours: null, resolveHours: null },
        low: { respondHours: null, resolveHours: null },
      },
    });
  });

  it('refuses bad input with translated messages and changes nothing', async () => {
    const bad: [Partial<SlaSettings>, string][] = [
      [{ timeZone: 'Mars/Olympus' }, 'validation.timeZone'],
      [{ workingDays: [] }, 'validation.workingDays'],
      [{ workingDays: [1, 8] }, 'validation.max'],
      [{ targets: { ...slaDefaults(), urgent: { respondHours: 0, resolveHours: 24 } } }, 'validation.min'],
      [{ targets: { ...slaDefaults(), high: { respondHours: 24, resolveHours: 8761 } } }, 'validation.max'],
    ];
    for (const [patch, message] of bad) {
      const res = await putSla({ ...patch, enabled: true });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.data.issues.map((i: { message: string }) => i.message)).toContain(message);
    }
    const english = await boss.client.request('PUT', slaPath(), { json: { enabled: 'yes' }, headers: { 'accept-language': 'en' } });
    expect(english.status).toBe(400);
    expect(english.body.statusMessage).not.toMatch(/[а-яё]/i);
    expect(await s.t.sql('select * from project_sla')).toEqual([]);
  });

  it('lets only owners change them; a project the caller cannot see is not found', async () => {
    expect((await putSla({ enabled: true }, member)).status).toBe(403);
    expect((await outsider.client.get(slaPath())).status).toBe(404);
    expect((await outsider.client.request('PUT', slaPath(), { json: null })).status).toBe(404);
    expect((await outsider.client.request('PUT', slaPath(), { json: { enabled: true } })).status).toBe(404);
    const res = await putSla({ enabled: true, timeZone: 'europe/moscow' });
    expect(res.status).toBe(200);
    expect(slaResponseSchema.parse(res.body).sla).toMatchObject({ enabled: true, timeZone: 'Europe/Moscow' });
  });
});

describe('SLA clocks and breaches', () => {
  it('an urgent issue with no response for 24 h is marked breached and its assignee is notified once', async () => {
    expect((await putSla({ enabled: true, businessDays: false })).status).toBe(200);
    const issue = await createIssue(boss, project.project.id, { title: 'Checkout is down', priority: 'urgent', assigneeId: me.id });
    const created = await issueNow(issue.id);
    expect(created.sla).toMatchObject({ breached: false, paused: false, respondedAt: null });
    expect(Date.parse(created.sla!.respondBy!) - Date.parse(created.createdAt)).toBe(24 * HOUR_MS);
    await s.settled();
    const assignedMessages = s.sentTo(ME.id).length;
    // The card in Telegram says when the response is due, in the assignee's clock.
    expect(s.sentTo(ME.id).map((m) => String(m.payload.text)).join('\n')).toMatch(/⏱ SLA до \d{1,2} \S+ \d{1,2}:\d\d/);
    const list = await boss.client.get(`/api/issues?project=${project.project.key}`);
    const { syncId } = (await boss.client.get('/api/sync/bootstrap')).body;

    expect(await scan(later(created.createdAt, 23))).toBe(0);
    expect(await scan(later(created.createdAt, 24.05))).toBe(2);
    await s.settled();

    const breached = await issueNow(issue.id);
    expect(breached.sla?.breached).toBe(true);
    expect(await inboxKinds(me, issue.id)).toEqual(['assigned', 'slaResponse', 'slaResolution']);
    expect(await inboxKinds(boss, issue.id)).toEqual(['slaResponse', 'slaResolution']);
    expect(await inboxKinds(member, issue.id)).toEqual([]);
    // Two lines in Telegram: one message each, or one message with both when the second came while the first waited.
    const told = () => s.sentTo(ME.id).slice(assignedMessages).map((m) => String(m.payload.text)).join('\n');
    const times = (text: string, line: string) => text.split(line).length - 1;
    expect(times(told(), 'SLA: первый ответ просрочен')).toBe(1);
    expect(times(told(), 'SLA: решение просрочено')).toBe(1);

    // Once: later scans find nothing more to tell.
    expect(await scan(later(created.createdAt, 30))).toBe(0);
    await s.settled();
    expect(await inboxKinds(me, issue.id)).toHaveLength(3);
    expect(times(told(), 'SLA: первый ответ просрочен') + times(told(), 'SLA: решение просрочено')).toBe(2);

    // The cached list and the live feed both carry the mark.
    const again = await boss.client.get(`/api/issues?project=${project.project.key}`, { 'if-none-match': list.headers.get('etag')! });
    expect(again.status).toBe(200);
    const row = issueListResponseSchema.parse(again.body).issues.find((i) => i.id === issue.id)!;
    expect(row.sla?.breached).toBe(true);
    const changes = syncChangesResponseSchema.parse((await boss.client.get(`/api/sync/changes?since=${syncId}`)).body).changes;
    const fed = changes.find((c) => c.entity === 'issue' && c.id === issue.id);
    expect((fed?.data as IssueListItem | null)?.sla?.breached).toBe(true);
    const filtered = issueListResponseSchema.parse((await boss.client.get(`/api/issues?project=${project.project.key}&sla=breached`)).body).issues;
    expect(filtered.map((i) => i.id)).toContain(issue.id);
  });

  it('counts the first comment by someone other than the reporter as the response', async () => {
    const issue = await createIssue(boss, project.project.id, { title: 'Slow search', priority: 'urgent', assigneeId: member.id });
    expect((await boss.client.post(`/api/issues/${issue.id}/comments`, { body: 'Any news?' })).status).toBe(201);
    expect((await issueNow(issue.id)).sla?.respondedAt).toBeNull();
    expect((await member.client.post(`/api/issues/${issue.id}/comments`, { body: 'Looking' })).status).toBe(201);
    const answered = await issueNow(issue.id);
    expect(answered.sla?.respondedAt).not.toBeNull();
    expect(await scan(later(answered.createdAt, 25))).toBe(1);
    expect(await inboxKinds(member, issue.id)).toContain('slaResolution');
    expect(await inboxKinds(member, issue.id)).not.toContain('slaResponse');
  });

  it('stands still in a waiting status and moves the deadlines on by the wait', async () => {
    const status = await boss.client.post(`/api/projects/${project.project.id}/statuses`, { name: 'Waiting for customer', category: 'started', waiting: true });
    expect(status.status).toBe(201);
    expect(status.body.status.waiting).toBe(true);
    const issue = await createIssue(boss, project.project.id, { title: 'Refund', priority: 'urgent' });
    const before = (await issueNow(issue.id)).sla!;
    expect((await boss.client.request('PATCH', `/api/issues/${issue.id}`, { json: { statusId: status.body.status.id } })).status).toBe(200);
    const paused = await issueNow(issue.id);
    expect(paused.sla).toMatchObject({ paused: true, respondBy: before.respondBy });
    // Nothing breaches while the clock stands, however late it is.
    expect(await scan(later(paused.createdAt, 100))).toBe(0);
    // Ten hours of waiting, then back to work.
    await s.t.sql(`update issue_sla set paused_at = paused_at - interval '10 hours' where issue_id = ?`, [issue.id]);
    expect((await boss.client.request('PATCH', `/api/issues/${issue.id}`, { json: { statusId: statusOf('unstarted') } })).status).toBe(200);
    const resumed = (await issueNow(issue.id)).sla!;
    expect(resumed.paused).toBe(false);
    // Ten hours, and the moments the two requests took.
    const moved = Date.parse(resumed.resolveBy!) - Date.parse(before.resolveBy!);
    expect(moved).toBeGreaterThanOrEqual(10 * HOUR_MS);
    expect(moved).toBeLessThan(10 * HOUR_MS + 60_000);
    // Taking the issue into a started status was its first response: that deadline was met, and stays.
    expect(resumed.respondedAt).not.toBeNull();
    expect(resumed.respondBy).toBe(before.respondBy);

    // The mark itself can be turned off again; the issue's clock then runs.
    const off = await boss.client.request('PATCH', `/api/statuses/${status.body.status.id}`, { json: { waiting: false } });
    expect(off.body.status).toMatchObject({ waiting: false, name: 'Waiting for customer' });
  });

  it('counts working days only when asked: a weekend does not run the clock', async () => {
    expect((await putSla({ businessDays: true, workingDays: [1, 2, 3, 4, 5], timeZone: 'Europe/Moscow' })).status).toBe(200);
    const issue = await createIssue(boss, project.project.id, { title: 'Invoice wrong', priority: 'urgent' });
    // Its clock started on Friday 2026-12-11 at 15:00 in Moscow; a priority change recomputes from that start.
    await s.t.sql(`update issue_sla set started_at = '2026-12-11T12:00:00Z' where issue_id = ?`, [issue.id]);
    await boss.client.request('PATCH', `/api/issues/${issue.id}`, { json: { priority: 'high' } });
    expect((await issueNow(issue.id)).sla?.respondBy).toBe('2026-12-22T12:00:00.000Z');
    await boss.client.request('PATCH', `/api/issues/${issue.id}`, { json: { priority: 'urgent' } });
    expect((await issueNow(issue.id)).sla).toMatchObject({ respondBy: '2026-12-14T12:00:00.000Z', resolveBy: '2026-12-14T12:00:00.000Z' });
    // Without a target the issue carries no SLA.
    await boss.client.request('PATCH', `/api/issues/${issue.id}`, { json: { priority: 'low' } });
    expect((await issueNow(issue.id)).sla).toBeNull();
  });

  it('lists open issues due within a day as at risk', async () => {
    expect((await putSla({ businessDays: false })).status).toBe(200);
    const urgent = await createIssue(boss, project.project.id, { title: 'Due today', priority: 'urgent' });
    const high = await createIssue(boss, project.project.id, { title: 'Due next week', priority: 'high' });
    const ids = issueListResponseSchema.parse((await boss.client.get(`/api/issues?project=${project.project.key}&sla=at-risk&limit=200`)).body).issues.map((i) => i.id);
    expect(ids).toContain(urgent.id);
    expect(ids).not.toContain(high.id);
    const counts = await boss.client.get(`/api/issues/counts?project=${project.project.key}&sla=at-risk&group=priority`);
    expect(counts.status).toBe(200);
    expect(await boss.client.get(`/api/issues?sla=soon`).then((r) => r.status)).toBe(400);
  });

  it('turns off with null, keeping the settings for next time, and drops every clock', async () => {
    const issue = await createIssue(boss, project.project.id, { title: 'After', priority: 'urgent' });
    expect((await issueNow(issue.id)).sla).not.toBeNull();
    const res = await putSla(null);
    expect(res.status).toBe(200);
    expect(slaResponseSchema.parse(res.body).sla).toMatchObject({ enabled: false, timeZone: 'Europe/Moscow' });
    expect((await issueNow(issue.id)).sla).toBeNull();
    expect(await s.t.sql('select * from issue_sla')).toEqual([]);
    // Turned on again, an issue open since then starts its clock now: nothing breaches at once.
    expect((await putSla({ enabled: true })).status).toBe(200);
    const restarted = (await issueNow(issue.id)).sla!;
    expect(restarted.breached).toBe(false);
    expect(Date.parse(restarted.respondBy!)).toBeGreaterThan(Date.now() + 23 * HOUR_MS);
  });
});

describe('SLA list filters on a large project', () => {
  it('read the few matching clocks off their indexes, not every open issue', async () => {
    await putSla({ enabled: true, businessDays: false });
    await s.t.sql(
      `insert into issues (project_id, number, title, status_id, priority, updated_at)
       select ?, 10000 + g, 'Generated ' || g, ?, 2, now() - make_interval(secs => g) from generate_series(1, 20000) g`,
      [project.project.id, statusOf('unstarted')],
    );
    // Their clocks run for weeks yet; a few are missed or due within the day.
    await s.t.sql(
      `insert into issue_sla (issue_id, started_at, respond_by, resolve_by, respond_breached_at)
       select id, now(), now() + make_interval(hours => case when number % 20 = 0 then 2 else 480 end), now() + interval '30 days', case when number % 1000 = 0 then now() end
         from issues where title like 'Generated %'`,
    );
    await s.t.sql('analyze issues');
    await s.t.sql('analyze issue_sla');
    const record = inlinedQueries(s.t);
    for (const filter of ['at-risk', 'breached']) {
      s.t.app.services.responseCache.clear();
      let found: IssueListItem[] = [];
      const queries = await record(async () => {
        found = issueListResponseSchema.parse((await boss.client.get(`/api/issues?project=${project.project.key}&sla=${filter}&limit=50`)).body).issues;
      });
      expect(found.length, filter).toBeGreaterThan(0);
      const listSql = queries.find((q) => q.includes('from issues i'))!;
      const plan = (await s.t.sql<{ 'QUERY PLAN': string }>(`explain ${listSql}`)).map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, filter).toContain('issue_sla_breached');
      if (filter === 'at-risk') expect(plan).toContain('issue_sla_next_due');
      expect(plan, filter).not.toMatch(/Seq Scan on issues|Seq Scan on issue_sla/);
    }
  });
});
