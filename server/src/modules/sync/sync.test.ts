// The sync protocol (issue 14): bootstrap, paged issues and the change feed, as clients see them.
import { syncBootstrapResponseSchema, syncChangesResponseSchema, type SyncChange } from '@tracker/shared/api/sync';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { pruneLog } from './sync.repository.ts';
import { SYNC_LOG_DAYS, SYNC_PRUNE_JOB } from './sync-prune.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let outsider: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  outsider = await signUp(t, { name: 'Outsider' });
  project = await createProject(owner);
});
afterAll(() => t.close());

const bootstrapOf = async (user: TestUser, query = '') => {
  const res = await user.client.get(`/api/sync/bootstrap${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return syncBootstrapResponseSchema.parse(res.body);
};
const changesOf = async (user: TestUser, since: number, limit?: number) => {
  const res = await user.client.get(`/api/sync/changes?since=${since}${limit ? `&limit=${limit}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return syncChangesResponseSchema.parse(res.body);
};
const issueChange = (changes: SyncChange[], id: number) => changes.filter((c) => c.entity === 'issue' && c.id === id);

describe('bootstrap', () => {
  it('is for signed-in users only', async () => {
    expect((await t.client().get('/api/sync/bootstrap')).status).toBe(401);
    expect((await t.client().get('/api/sync/changes?since=0')).status).toBe(401);
  });

  it('holds what the caller may see: open issues and those closed lately, not old closed ones, nor private projects of others', async () => {
    const open = await createIssue(owner, project.project.id, { title: 'Open one' });
    const done = project.statuses.find((s) => s.category === 'completed')!.id;
    const recent = await createIssue(owner, project.project.id, { title: 'Closed lately', statusId: done });
    const old = await createIssue(owner, project.project.id, { title: 'Closed long ago', statusId: done });
    await t.sql(`update issues set updated_at = now() - interval '120 days' where id = ?`, [old.id]);

    const mine = await bootstrapOf(owner);
    expect(mine.projects.map((p) => p.id)).toContain(project.project.id);
    expect(mine.projects.find((p) => p.id === project.project.id)!.myRole).toBe('owner');
    expect(mine.statuses.filter((s) => s.projectId === project.project.id)).toHaveLength(project.statuses.length);
    expect(mine.members).toContainEqual({ projectId: project.project.id, userId: owner.id, role: 'owner' });
    expect(mine.users).toContainEqual({ id: owner.id, name: 'Owner' });
    const ids = mine.issues.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, recent.id]));
    expect(ids).not.toContain(old.id);
    expect(mine.issues.find((i) => i.id === open.id)!.title).toBe('Open one');

    const theirs = await bootstrapOf(outsider);
    expect(theirs.projects.map((p) => p.id)).not.toContain(project.project.id);
    expect(theirs.issues.filter((i) => i.projectId === project.project.id)).toEqual([]);
    expect((await outsider.client.get(`/api/sync/bootstrap?project=${project.project.id}`)).status).toBe(404);
  });

  it('pages its issues newest first, each once', async () => {
    const other = await createProject(owner);
    // 1,005 issues: one page of 1,000 and the rest.
    await t.sql(
      `insert into issues (project_id, number, title, status_id) select ?, g, 'Bulk ' || g, ? from generate_series(1, 1005) g`,
      [other.project.id, other.statuses[0]!.id],
    );
    const first = await bootstrapOf(owner, `?project=${other.project.id}`);
    expect(first.projects.map((p) => p.id)).toEqual([other.project.id]);
    expect(first.issues).toHaveLength(1000);
    expect(first.nextBefore).toBe(first.issues.at(-1)!.id);
    const res = await owner.client.get(`/api/sync/issues?before=${first.nextBefore}&project=${other.project.id}`);
    expect(res.status).toBe(200);
    const ids = [...first.issues, ...res.body.issues].map((i: { id: number }) => i.id);
    expect(res.body.nextBefore).toBeNull();
    expect(new Set(ids).size).toBe(1005);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('changes', () => {
  it('carry each changed entity once, in its current state, after the bootstrap position', async () => {
    const { syncId } = await bootstrapOf(owner);
    const issue = await createIssue(owner, project.project.id, { title: 'First title' });
    expect((await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { title: 'Second title', priority: 'high' } })).status).toBe(200);
    const comment = await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'A comment' });
    expect(comment.status).toBe(201);

    const feed = await changesOf(owner, syncId);
    expect(feed.syncId).toBeGreaterThan(syncId);
    expect(feed.more).toBe(false);
    const issueChanges = issueChange(feed.changes, issue.id);
    expect(issueChanges).toHaveLength(1);
    expect(issueChanges[0]!.data).toMatchObject({ title: 'Second title', priority: 'high', commentCount: 1 });
    expect(feed.changes).toContainEqual(expect.objectContaining({ entity: 'comment', id: comment.body.comment.id, issueId: issue.id, data: expect.objectContaining({ body: 'A comment' }) }));
    // Nothing new since.
    expect(await changesOf(owner, feed.syncId)).toEqual({ changes: [], syncId: feed.syncId, more: false });

    expect((await owner.client.request('DELETE', `/api/issues/${issue.id}`)).status).toBe(204);
    const after = await changesOf(owner, feed.syncId);
    expect(issueChange(after.changes, issue.id)).toEqual([{ entity: 'issue', id: issue.id, data: null }]);
  });

  it('come in pages of log entries', async () => {
    const { syncId } = await bootstrapOf(owner);
    const a = await createIssue(owner, project.project.id, { title: 'Page A' });
    const b = await createIssue(owner, project.project.id, { title: 'Page B' });
    const seen: number[] = [];
    let at = syncId;
    for (let round = 0; round < 50; round++) {
      const page = await changesOf(owner, at, 1);
      seen.push(...page.changes.filter((c) => c.entity === 'issue').map((c) => c.id));
      at = page.syncId;
      if (!page.more) break;
    }
    expect(seen).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('show a private project to no one outside it, and follow joining and leaving', async () => {
    const secret = await createProject(owner, { visibility: 'members' });
    const { syncId } = await bootstrapOf(outsider);
    const hidden = await createIssue(owner, secret.project.id, { title: 'Secret plan' });
    const unseen = await changesOf(outsider, syncId);
    expect(JSON.stringify(unseen.changes)).not.toContain('Secret plan');
    expect(unseen.changes.filter((c) => c.entity === 'project' && c.id === secret.project.id)).toEqual([]);

    await addMember(owner, secret.project.id, outsider, 'member');
    const joined = await changesOf(outsider, unseen.syncId);
    expect(joined.changes).toContainEqual(expect.objectContaining({ entity: 'project', id: secret.project.id, data: expect.objectContaining({ myRole: 'member' }) }));
    // The store then loads the project's contents.
    expect((await bootstrapOf(outsider, `?project=${secret.project.id}`)).issues.map((i) => i.id)).toEqual([hidden.id]);

    expect((await owner.client.request('DELETE', `/api/projects/${secret.project.id}/members/${outsider.id}`)).status).toBe(200);
    await owner.client.request('PATCH', `/api/issues/${hidden.id}`, { json: { title: 'Secret plan, revised' } });
    const left = await changesOf(outsider, joined.syncId);
    expect(left.changes).toContainEqual({ entity: 'project', id: secret.project.id, data: null });
    expect(JSON.stringify(left.changes)).not.toContain('revised');
  });

  it('say a project is gone only to whoever could see it: never to a stranger of a private one', async () => {
    const member = await signUp(t, { name: 'Member' });
    const admin = await signUp(t, { name: 'Admin', admin: true });
    const secret = await createProject(owner, { visibility: 'members' });
    const open = await createProject(owner, { visibility: 'all' });
    await addMember(owner, secret.project.id, member, 'member');
    const at = async (user: TestUser) => (await bootstrapOf(user)).syncId;
    const [strangerAt, memberAt, adminAt] = [await at(outsider), await at(member), await at(admin)];
    const about = (changes: SyncChange[], id: number) => changes.filter((c) => c.entity === 'project' && c.id === id);

    // The private one is renamed, then deleted; the open one is closed to its members.
    expect((await owner.client.request('PATCH', `/api/projects/${secret.project.id}`, { json: { name: 'Renamed in secret' } })).status).toBe(200);
    expect((await owner.client.request('PATCH', `/api/projects/${open.project.id}`, { json: { visibility: 'members' } })).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/projects/${secret.project.id}`)).status).toBe(204);

    const stranger = (await changesOf(outsider, strangerAt)).changes;
    expect(about(stranger, secret.project.id)).toEqual([]);
    expect(JSON.stringify(stranger)).not.toContain('Renamed in secret');
    // It was open to all, so everyone held it: everyone is told it went.
    expect(about(stranger, open.project.id)).toEqual([{ entity: 'project', id: open.project.id, data: null }]);
    expect(about((await changesOf(member, memberAt)).changes, secret.project.id)).toContainEqual({ entity: 'project', id: secret.project.id, data: null });
    expect(about((await changesOf(admin, adminAt)).changes, secret.project.id)).toContainEqual({ entity: 'project', id: secret.project.id, data: null });
  });

  it('carry custom-field definitions to everyone they apply to, and saved views to their owner or project', async () => {
    const admin = await signUp(t, { admin: true });
    const secret = await createProject(owner, { visibility: 'members' });
    const { syncId } = await bootstrapOf(outsider);
    const field = await admin.client.post('/api/admin/custom-fields', { type: 'text', name: { ru: 'Клиент', en: 'Customer' } });
    expect(field.status).toBe(201);
    const scoped = await admin.client.post('/api/admin/custom-fields', { type: 'text', name: { ru: 'Секрет', en: 'Secret' }, scope: 'projects', projectIds: [secret.project.id] });
    expect(scoped.status).toBe(201);
    const mine = await owner.client.post('/api/views', { name: 'Mine only', query: { priority: 'high' } });
    const shared = await owner.client.post('/api/views', { name: 'Shared in secret', projectId: secret.project.id, query: {} });
    expect([mine.status, shared.status]).toEqual([201, 201]);

    const theirs = await changesOf(outsider, syncId);
    const fieldChange = theirs.changes.find((c) => c.entity === 'custom_field' && c.id === field.body.field.id);
    expect(fieldChange?.data).toMatchObject({ name: { en: 'Customer' } });
    // A field only for a project the caller cannot see comes as nothing to hold.
    expect(theirs.changes.find((c) => c.entity === 'custom_field' && c.id === scoped.body.field.id)?.data).toBeNull();
    expect(theirs.changes.filter((c) => c.entity === 'view')).toEqual([]);

    const owners = await changesOf(owner, syncId);
    expect(owners.changes.filter((c) => c.entity === 'view').map((c) => c.data?.name).sort()).toEqual(['Mine only', 'Shared in secret']);
    const boot = await bootstrapOf(owner);
    expect(boot.views.map((v) => v.name)).toEqual(expect.arrayContaining(['Mine only', 'Shared in secret']));
    expect(boot.customFields.map((f) => f.id)).toEqual(expect.arrayContaining([field.body.field.id, scoped.body.field.id]));
    expect((await bootstrapOf(outsider)).customFields.map((f) => f.id)).not.toContain(scoped.body.field.id);
  });

  it('carry streams to everyone: a new one, a rename, a status change and a delete', async () => {
    const { syncId } = await bootstrapOf(outsider);
    const created = await owner.client.post('/api/streams', { name: 'Launch week' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.stream.id as number;
    const first = await changesOf(outsider, syncId);
    expect(first.changes.filter((c) => c.entity === 'stream')).toEqual([{ entity: 'stream', id, data: { id, name: 'Launch week', status: expect.any(String) } }]);
    expect((await bootstrapOf(outsider)).streams).toEqual(expect.arrayContaining([{ id, name: 'Launch week', status: expect.any(String) }]));
    // A project's own bootstrap leaves streams to the whole one.
    expect((await bootstrapOf(owner, `?project=${project.project.id}`)).streams).toEqual([]);

    expect((await owner.client.request('PATCH', `/api/streams/${id}`, { json: { name: 'Launch month', status: 'paused' } })).status).toBe(200);
    const renamed = await changesOf(outsider, first.syncId);
    expect(renamed.changes.filter((c) => c.entity === 'stream')).toEqual([{ entity: 'stream', id, data: { id, name: 'Launch month', status: 'paused' } }]);
    expect((await owner.client.request('DELETE', `/api/streams/${id}`)).status).toBe(204);
    const gone = await changesOf(outsider, renamed.syncId);
    expect(gone.changes.filter((c) => c.entity === 'stream')).toEqual([{ entity: 'stream', id, data: null }]);
  });

  it('say an issue moved out of sight is gone', async () => {
    const secret = await createProject(owner, { visibility: 'members' });
    const shared = await createProject(owner, { visibility: 'all' });
    const issue = await createIssue(owner, shared.project.id, { title: 'Moving away' });
    const { syncId } = await bootstrapOf(outsider);
    await t.sql('update issues set project_id = ?, number = 9999, status_id = ? where id = ?', [secret.project.id, secret.statuses[0]!.id, issue.id]);
    const feed = await changesOf(outsider, syncId);
    expect(issueChange(feed.changes, issue.id)).toEqual([{ entity: 'issue', id: issue.id, data: null }]);
  });

  it('refuse a position the log does not reach, and bad input', async () => {
    const { syncId } = await bootstrapOf(owner);
    const ahead = await owner.client.get(`/api/sync/changes?since=${syncId + 1000}`);
    expect(ahead.status).toBe(409);
    expect(ahead.body.data.code).toBe('sync_expired');
    await t.sql('update sync_horizon set pruned_through = ?', [syncId]);
    try {
      const behind = await owner.client.get(`/api/sync/changes?since=${syncId - 1}`);
      expect(behind.status).toBe(409);
      expect(behind.body.statusMessage).toBe('Сохранённая копия слишком старая, чтобы её догнать: загружаем заново');
    } finally {
      await t.sql('update sync_horizon set pruned_through = 0');
    }
    for (const q of ['since=-1', 'since=abc', 'since=1e300', `since=0&limit=1001`, 'since=0&limit=0', '']) {
      expect((await owner.client.get(`/api/sync/changes?${q}`)).status, q).toBe(400);
    }
    expect((await owner.client.get('/api/sync/issues?before=0')).status).toBe(400);
    expect((await owner.client.get('/api/sync/bootstrap?project=2147483648')).status).toBe(400);
  });
});

describe('the change log', () => {
  it('is pruned after a month: a client behind it is told to bootstrap again', async () => {
    const { syncId } = await bootstrapOf(owner);
    const issue = await createIssue(owner, project.project.id, { title: 'Long ago' });
    const last = (await t.sql<{ last: string }>('select max(id) as last from sync_changes'))[0]!.last;
    await t.sql(`update sync_changes set created_at = now() - interval '31 days' where id <= ?`, [last]);
    try {
      expect(await pruneLog(t.orm.em.fork(), SYNC_LOG_DAYS)).toBe(Number(last));
      expect((await t.sql('select 1 from sync_changes where id <= ?', [last])).length).toBe(0);
      const res = await owner.client.get(`/api/sync/changes?since=${syncId}`);
      expect(res.body.data?.code, JSON.stringify(res.body)).toBe('sync_expired');
      // A fresh bootstrap starts at the horizon, and its feed works.
      const fresh = await bootstrapOf(owner);
      expect(fresh.syncId).toBe(Number(last));
      expect(fresh.issues.map((i) => i.id)).toContain(issue.id);
      expect((await changesOf(owner, fresh.syncId)).changes).toEqual([]);
    } finally {
      await t.sql('update sync_horizon set pruned_through = 0');
    }
  });

  it('is pruned by a job of the queue (its daily cron item runs the same task)', async () => {
    await createIssue(owner, project.project.id, { title: 'Pruned by the job' });
    const last = (await t.sql<{ last: string }>('select max(id) as last from sync_changes'))[0]!.last;
    await t.sql(`update sync_changes set created_at = now() - interval '31 days' where id <= ?`, [last]);
    try {
      await t.orm.em.fork().transactional((em) => t.app.services.jobs.enqueue(em, SYNC_PRUNE_JOB, {}));
      // The app's own worker picks it up.
      await waitUntil('the prune job to move the horizon', async () => (await t.sql<{ pruned: string }>('select pruned_through as pruned from sync_horizon'))[0]!.pruned === last);
    } finally {
      await t.sql('update sync_horizon set pruned_through = 0');
    }
  });

  it('draws ids in commit order: a transaction that commits later never gets an earlier id', async () => {
    const first = await createIssue(owner, project.project.id, { title: 'Slow writer' });
    const second = await createIssue(owner, project.project.id, { title: 'Fast writer' });
    const [a, b] = [new pg.Client({ connectionString: t.databaseUrl }), new pg.Client({ connectionString: t.databaseUrl })];
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.query('begin');
      // Not the titles: a new title word would make the second wait on the first's dictionary insert.
      await a.query('update issues set priority = 2 where id = $1', [first.id]);
      // A reaches its commit phase (its log rows drawn) and stays open.
      await a.query('set constraints all immediate');
      const bPid = (await b.query('select pg_backend_pid() as pid')).rows[0].pid;
      await b.query('begin');
      await b.query('update issues set priority = 3 where id = $1', [second.id]);
      const bCommit = b.query('commit');
      await waitUntil('the second commit to wait for the first', async () => (await t.sql(`select 1 from pg_stat_activity where pid = ? and wait_event = 'advisory'`, [bPid])).length > 0);
      await a.query('commit');
      await bCommit;
      const rows = await t.sql<{ id: string; entity_id: number }>(`select id, entity_id from sync_changes where entity = 'issue' and entity_id in (?, ?) order by id desc limit 2`, [first.id, second.id]);
      expect(rows.map((r) => r.entity_id)).toEqual([second.id, first.id]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });
});
