// Real activity rows of every kind the server writes, made through the API and read back from the
// issue's and the project's history, must each parse as a member of the shared Activity union.
import { activityResponseSchema, activitySchema, type Activity } from '@tracker/shared/api/issues';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerLinkRequest, linkChat, unlinkChat } from '../telegram/group-links.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { finished, upload as importFile } from '../imports/import-test-kit.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let ivan: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner', admin: true });
  ivan = await signUp(t, { name: 'Ivan Petrov' });
});
afterAll(() => t.close());

const ok = (status: number) => expect([200, 201, 204]).toContain(status);
const kind = (a: Activity) => (a.action === 'updated' ? `updated:${a.field}` : a.action);

describe('activity rows against the Activity union', () => {
  it('parses a row of every action and every updated field, as stored by each kind of change', async () => {
    const { project, statuses, labels } = await createProject(owner);
    await addMember(owner, project.id, ivan, 'member');
    const label = labels[0] ?? (await owner.client.post(`/api/projects/${project.id}/labels`, { name: 'bug' })).body.label;
    const done = statuses.find((s) => s.category === 'completed')!;
    const stream = (await owner.client.post('/api/streams', { name: 'Q3' })).body.stream as { id: number };
    const field = (await owner.client.post('/api/admin/custom-fields', { type: 'text', name: { ru: 'Поле', en: 'Field' } })).body.field as { id: number };
    const parent = await createIssue(owner, project.id, { title: 'Parent' });
    const issue = await createIssue(owner, project.id, { title: 'Subject', streamIds: [stream.id] });
    const patch = (json: Record<string, unknown>) => owner.client.request('PATCH', `/api/issues/${issue.id}`, { json });
    const cycle = (await owner.client.request('PUT', `/api/projects/${project.id}/cycle-settings`, { json: { weeks: 2, startDay: 1 } })).body.cycles[0] as { id: number };
    const milestone = (await owner.client.post(`/api/projects/${project.id}/milestones`, { name: 'Beta', targetDate: '2027-01-01' })).body.milestone as { id: number };

    for (const json of [
      { title: 'Subject, renamed' },
      { description: 'Some words' },
      { priority: 'high' },
      { assigneeId: ivan.id },
      { labelIds: [label.id] },
      { startDate: '2026-01-05' },
      { dueDate: '2026-02-01' },
      { estimate: 3 },
      { parentId: parent.id },
      { cycleId: cycle.id },
      { milestoneId: milestone.id },
      { customValues: { [String(field.id)]: 'value' } },
      { streamIds: [] },
      { streamIds: [stream.id] },
      { statusId: done.id },
    ]) ok((await patch(json)).status);
    const relation = await owner.client.post(`/api/issues/${issue.id}/relations`, { type: 'blocks', issue: parent.id });
    ok(relation.status);
    const relationId = (relation.body.issue.relations as { id: number }[])[0]!.id;
    ok((await owner.client.request('DELETE', `/api/issues/${issue.id}/relations/${relationId}`)).status);
    const comment = await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'Look, @ivanpetrov' });
    ok(comment.status);
    const commentId = comment.body.comment.id as number;
    ok((await owner.client.request('PATCH', `/api/comments/${commentId}`, { json: { body: 'Edited' } })).status);
    ok((await owner.client.request('DELETE', `/api/comments/${commentId}`)).status);
    const upload = await owner.client.request('POST', `/api/issues/${issue.id}/attachments`, { body: 'text', headers: { 'content-type': 'text/plain', 'x-file-name': 'a.txt' } });
    ok(upload.status);
    ok((await owner.client.request('DELETE', `/api/attachments/${upload.body.attachment.id}`)).status);
    ok((await owner.client.post(`/api/issues/${issue.id}/time`, { spent: '1h 30m', date: '2026-01-06' })).status);
    const repeating = await createIssue(owner, project.id, { title: 'Weekly' });
    ok((await owner.client.request('PATCH', `/api/issues/${repeating.id}`, { json: { recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO', mode: 'on_complete' } } })).status);
    ok((await owner.client.request('PATCH', `/api/issues/${repeating.id}`, { json: { statusId: done.id } })).status);
    const doomed = await createIssue(owner, project.id, { title: 'Doomed' });
    ok((await owner.client.request('DELETE', `/api/issues/${doomed.id}`)).status);
    const imported = await importFile(owner.client, project.id, { file: 'Title\nFrom a file\n' });
    expect((await finished(owner.client, imported.body.import.id)).status).toBe('succeeded');
    // Joined by an invite; linked to a Telegram group with the owner's consent, then unlinked (as the bot does it).
    const invite = await owner.client.post(`/api/projects/${project.id}/invites`, { kind: 'link' });
    const joiner = await signUp(t, { name: 'Joiner' });
    ok((await joiner.client.post(`/api/invites/${String(invite.body.url).split('/').pop()}/accept`)).status);
    const em = t.orm.em.fork() as EntityManager;
    const bot = { id: owner.id, name: 'Owner', locale: 'ru' as const, timeZone: 'Europe/Moscow' };
    const chat = { chatId: -100123, threadId: 0, title: 'Team' };
    const asked = await linkChat(em, { id: owner.id, roles: [] }, bot, chat, project.key);
    if (asked.result !== 'confirm') throw new Error(`expected a question, got ${asked.result}`);
    await answerLinkRequest(em, { id: owner.id, roles: [] }, bot, asked.requestId, true);
    expect(await unlinkChat(em, chat, { viewer: { id: owner.id, roles: [] }, groupAdmin: true })).toBe('unlinked');

    const issueRows = await owner.client.get(`/api/issues/${issue.id}/activity`);
    const projectRows = await owner.client.get(`/api/projects/${project.id}/activity?limit=100`);
    const stored = [...(issueRows.body.activity as unknown[]), ...(projectRows.body.activity as unknown[])];
    for (const row of stored) expect(activitySchema.safeParse(row).error?.issues ?? []).toEqual([]);
    const kinds = new Set([...activityResponseSchema.parse(issueRows.body).activity, ...activityResponseSchema.parse(projectRows.body).activity].map(kind));

    const fields = ['title', 'description', 'statusId', 'priority', 'assigneeId', 'labelIds', 'streamIds', 'startDate', 'dueDate', 'estimate', 'parentId', 'cycleId', 'milestoneId', 'customValues'];
    const actions = ['created', 'issue.deleted', 'commented', 'comment.edited', 'comment.deleted', 'mentioned', 'relation.added', 'relation.removed', 'attachment.added', 'attachment.removed', 'stream.issue_added', 'stream.issue_removed', 'stream.issue_completed', 'time.logged', 'recurrence.created', 'imported', 'member.joined', 'telegram.linked', 'telegram.unlinked'];
    // Every member of the union was produced: a new action the server writes needs a member (and a row here).
    const members = activitySchema.options.flatMap((o) => ('options' in o ? o.options.map((u) => `updated:${u.shape.field.value}`) : [o.shape.action.value]));
    expect(new Set(members)).toEqual(new Set([...actions, ...fields.map((f) => `updated:${f}`)]));
    expect([...kinds].sort()).toEqual([...members].sort());
  });

  it('leaves out a stored row that fits no member instead of failing the history', async () => {
    const { project } = await createProject(owner);
    const issue = await createIssue(owner, project.id, { title: 'Old rows' });
    await t.sql(`insert into activities (issue_id, project_id, actor_id, action, field, old_value, new_value) values (?, ?, ?, 'updated', 'colour', '1', '2')`, [issue.id, project.id, owner.id]);
    const res = await owner.client.get(`/api/issues/${issue.id}/activity`);
    expect(res.status).toBe(200);
    expect((res.body.activity as Activity[]).map(kind)).toEqual(['created']);
  });
});
