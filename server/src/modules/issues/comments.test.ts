import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentSchema, commentsResponseSchema } from '@tracker/shared/api/issues';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let ivan: TestUser;
let maria: TestUser;
let outsider: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  ivan = await signUp(t, { name: 'Ivan Petrov', email: 'ivan.p@example.com' });
  maria = await signUp(t, { name: 'Maria', email: 'm.ivanova@example.com' });
  outsider = await signUp(t, { name: 'Outsider', email: 'outsider@example.com' });
  project = await createProject(owner);
  await addMember(owner, project.project.id, ivan, 'member');
  await addMember(owner, project.project.id, maria, 'viewer');
});
afterAll(() => t.close());

describe('comments', () => {
  it('renders Markdown safely and turns @mentions into activity and watchers, only for people who can see the issue', async () => {
    const issue = await createIssue(owner, project.project.id);
    const res = await owner.client.post(`/api/issues/${issue.id}/comments`, {
      body: 'Hi @ivan.p and @IvanPetrov, also @M.Ivanova and @outsider and @nobody <img src=x onerror=alert(1)>',
    });
    expect(res.status).toBe(201);
    const comment = commentSchema.parse(res.body.comment);
    expect(comment.bodyHtml).not.toContain('<img');
    expect(comment.mentions.sort()).toEqual([ivan.id, maria.id].sort());
    // Each handle shows as the person's name; a handle that names no one who may see it stays as typed.
    expect(comment.bodyHtml).toContain(`<span class="mention" title="@IvanPetrov">@Ivan Petrov</span>`);
    expect(comment.bodyHtml).toContain(`title="@M.Ivanova">@Maria</span>`);
    expect(comment.bodyHtml).toContain('<span class="mention">@outsider</span>');
    const mentioned = await t.sql<{ new_value: { userId: number; commentId: number }; actor_id: number }>(
      `select new_value, actor_id from activities where issue_id = ? and action = 'mentioned' order by id`,
      [issue.id],
    );
    expect(mentioned.map((m) => m.new_value)).toEqual([
      { userId: ivan.id, commentId: comment.id },
      { userId: maria.id, commentId: comment.id },
    ]);
    expect(mentioned.every((m) => m.actor_id === owner.id)).toBe(true);
    const watchers = (await owner.client.get(`/api/issues/${issue.id}`)).body.issue.watchers.map((w: { id: number }) => w.id).sort();
    expect(watchers).toEqual([owner.id, ivan.id, maria.id].sort());
  });

  it('resolves a Cyrillic name written without spaces', async () => {
    const olga = await signUp(t, { name: 'Ольга Соколова', email: 'o.s@example.com' });
    await addMember(owner, project.project.id, olga, 'member');
    const issue = await createIssue(owner, project.project.id);
    const res = await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'Посмотри, @ОльгаСоколова' });
    expect(res.status).toBe(201);
    expect(res.body.comment.mentions).toEqual([olga.id]);
  });

  it('resolves a full name as the composer inserts it (@Имя Фамилия), whole names only, and shows it as one chip', async () => {
    const anna = await signUp(t, { name: 'Анна Белова', email: 'a.b@example.com' });
    const annaS = await signUp(t, { name: 'Анна Беловская', email: 'a.bs@example.com' });
    await signUp(t, { name: 'Анна Чужая', email: 'a.ch@example.com' });
    await addMember(owner, project.project.id, anna, 'member');
    await addMember(owner, project.project.id, annaS, 'member');
    const issue = await createIssue(owner, project.project.id);
    const res = await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'Посмотри, @Анна Белова, и @Анна Чужая; почта x@Анна Беловская' });
    expect(res.status).toBe(201);
    // Not Анна Беловская (her name is not written after a space-led @), not the stranger (not in the project).
    expect(res.body.comment.mentions).toEqual([anna.id]);
    expect(res.body.comment.bodyHtml).toContain('<span class="mention" title="@Анна Белова">@Анна Белова</span>, и ');
  });

  it('resolves a linked Telegram username, case-insensitively, only for people who can see the issue', async () => {
    const pavel = await signUp(t, { name: 'Pavel Sidorov', email: 'p.sidorov@example.com' });
    await addMember(owner, project.project.id, pavel, 'member');
    const tgId = 710_000_000 + Math.floor(Math.random() * 1_000_000);
    // Linking writes telegram_accounts; a trigger copies the username onto users.
    await t.sql(`insert into telegram_accounts (telegram_id, user_id, username, first_name) values (?, ?, 'Pasha_Tg', 'Pavel')`, [tgId, pavel.id]);
    await t.sql(`insert into telegram_accounts (telegram_id, user_id, username, first_name) values (?, ?, 'outsider_tg', 'Out')`, [tgId + 1, outsider.id]);
    const issue = await createIssue(owner, project.project.id);
    const res = await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'Глянь, @pasha_TG, и @outsider_tg' });
    expect(res.status).toBe(201);
    expect(res.body.comment.mentions).toEqual([pavel.id]);
    const mentioned = await t.sql<{ new_value: { userId: number } }>(`select new_value from activities where issue_id = ? and action = 'mentioned'`, [issue.id]);
    expect(mentioned.map((m) => m.new_value.userId)).toEqual([pavel.id]);
  });

  it('lets authors edit their own comments (new mentions only once) and owners moderate', async () => {
    const issue = await createIssue(owner, project.project.id);
    const created = await ivan.client.post(`/api/issues/${issue.id}/comments`, { body: 'first' });
    const id = created.body.comment.id;
    expect((await owner.client.request('PATCH', `/api/comments/${id}`, { json: { body: 'hijack' } })).status).toBe(403);
    const edited = await ivan.client.request('PATCH', `/api/comments/${id}`, { json: { body: 'second @m.ivanova' } });
    expect(edited.status).toBe(200);
    expect(edited.body.comment).toMatchObject({ body: 'second @m.ivanova', mentions: [maria.id] });
    await ivan.client.request('PATCH', `/api/comments/${id}`, { json: { body: 'third @m.ivanova' } });
    expect(await t.sql(`select count(*)::int as n from activities where action = 'mentioned' and issue_id = ?`, [issue.id])).toEqual([{ n: 1 }]);

    const list = commentsResponseSchema.parse((await maria.client.get(`/api/issues/${issue.key}/comments`)).body);
    expect(list.comments.map((c) => c.body)).toEqual(['third @m.ivanova']);
    expect((await owner.client.request('DELETE', `/api/comments/${id}`)).status).toBe(204);
    expect((await maria.client.get(`/api/issues/${issue.id}/comments`)).body.comments).toEqual([]);
    expect((await owner.client.request('DELETE', `/api/comments/${id}`)).status).toBe(404);
  });

  it('records comment activity', async () => {
    const issue = await createIssue(owner, project.project.id);
    await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'x' });
    const activity = (await owner.client.get(`/api/issues/${issue.id}/activity`)).body.activity.map((a: { action: string }) => a.action);
    expect(activity).toEqual(['created', 'commented']);
  });
});

describe('relations and watching', () => {
  it('links issues both ways and shows each side its own direction', async () => {
    const a = await createIssue(owner, project.project.id, { title: 'A' });
    const b = await createIssue(owner, project.project.id, { title: 'B' });
    const c = await createIssue(owner, project.project.id, { title: 'C' });
    const blocks = await ivan.client.post(`/api/issues/${a.id}/relations`, { type: 'blocks', issue: b.key });
    expect(blocks.status).toBe(201);
    expect(blocks.body.issue.relations).toEqual([{ id: expect.any(Number), type: 'blocks', issue: { id: b.id, key: b.key, title: 'B', statusId: b.statusId } }]);
    await ivan.client.post(`/api/issues/${a.id}/relations`, { type: 'duplicated_by', issue: c.id });
    const bView = (await owner.client.get(`/api/issues/${b.id}`)).body.issue.relations;
    expect(bView.map((r: { type: string; issue: { id: number } }) => [r.type, r.issue.id])).toEqual([['blocked_by', a.id]]);
    const cView = (await owner.client.get(`/api/issues/${c.id}`)).body.issue.relations;
    expect(cView.map((r: { type: string; issue: { id: number } }) => [r.type, r.issue.id])).toEqual([['duplicates', a.id]]);

    const again = await ivan.client.post(`/api/issues/${b.id}/relations`, { type: 'blocked_by', issue: a.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusMessage: 'Эти задачи уже связаны так', data: { code: 'conflict', field: 'issue' } });
    // `relates` has no direction: the same pair the other way round is the same relation.
    expect((await ivan.client.post(`/api/issues/${b.id}/relations`, { type: 'relates', issue: c.id })).status).toBe(201);
    expect((await ivan.client.post(`/api/issues/${c.id}/relations`, { type: 'relates', issue: b.id })).status).toBe(409);
    expect((await ivan.client.post(`/api/issues/${a.id}/relations`, { type: 'relates', issue: a.id })).status).toBe(400);

    const relationId = blocks.body.issue.relations[0].id;
    const removed = await ivan.client.request('DELETE', `/api/issues/${b.id}/relations/${relationId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.issue.relations.map((r: { type: string; issue: { id: number } }) => [r.type, r.issue.id])).toEqual([['relates', c.id]]);
  });

  it('does not relate to, or reveal, an issue in a project the caller cannot see', async () => {
    const hiddenProject = await createProject(outsider);
    const hidden = await createIssue(outsider, hiddenProject.project.id);
    const mine = await createIssue(owner, project.project.id);
    const res = await owner.client.post(`/api/issues/${mine.id}/relations`, { type: 'relates', issue: hidden.key });
    expect(res.status).toBe(400);
    // A relation made by someone who sees both is still invisible from the other side.
    await t.sql(`insert into issue_relations (from_issue_id, to_issue_id, type) values (?, ?, 'relates')`, [hidden.id, mine.id]);
    expect((await ivan.client.get(`/api/issues/${mine.id}`)).body.issue.relations).toEqual([]);
  });

  it('watches and unwatches (viewers too)', async () => {
    const issue = await createIssue(owner, project.project.id);
    expect((await maria.client.post(`/api/issues/${issue.id}/watch`)).body.issue.watching).toBe(true);
    expect((await maria.client.request('DELETE', `/api/issues/${issue.id}/watch`)).body.issue.watching).toBe(false);
  });
});
