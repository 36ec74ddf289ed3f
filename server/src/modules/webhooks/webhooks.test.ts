// Webhooks over real HTTP (issue 17, item 4): a receiver on loopback, allowed by WEBHOOK_ALLOWED_HOSTS,
// gets a correctly signed delivery for each event and a redelivery; only owners and admins manage
// webhooks; URLs to private addresses are refused; a rolled-back change sends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssueSchema } from '@tracker/shared/api/issues';
import { WEBHOOK_EVENTS, type Delivery, type Webhook } from '@tracker/shared/api/webhooks';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createIssue as createIssueRow } from '../issues/issue.service.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { startReceiver, verifySignature, type Received } from './test-receiver.ts';

let t: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let admin: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
let hook: Webhook;

const arrived = (what: string, match: (r: Received) => boolean): Promise<Received> =>
  waitUntil(what, () => receiver.received.find(match), { state: () => receiver.received.map((r) => r.json?.event) }).then((r) => r!);
const byEvent = (event: string, issueId: number) => (r: Received) => r.json?.event === event && (r.json.data.issue?.id === issueId || r.json.data.comment?.issueId === issueId);

beforeAll(async () => {
  receiver = await startReceiver();
  // The receiver's own port only: a bare host would allow 80 and 443 alone.
  t = await createTestServer({ WEBHOOK_ALLOWED_HOSTS: new URL(receiver.url('/')).host });
  [owner, member, stranger, admin] = [await signUp(t, { name: 'Olga Owner' }), await signUp(t), await signUp(t), await signUp(t, { admin: true })];
  project = await createProject(owner, { visibility: 'members' });
  await addMember(owner, project.project.id, member, 'member');
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('managing webhooks', () => {
  it('lets an owner create one: the secret is shown, the events kept in their order', async () => {
    const res = await owner.client.post(`/api/projects/${project.project.id}/webhooks`, { url: receiver.url('/ok'), events: [...WEBHOOK_EVENTS].reverse() });
    expect(res.status).toBe(201);
    hook = res.body.webhook;
    expect(hook).toMatchObject({ url: receiver.url('/ok'), events: [...WEBHOOK_EVENTS], enabled: true, consecutiveFailures: 0, createdBy: { id: owner.id } });
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect((await owner.client.get(`/api/projects/${project.project.id}/webhooks`)).body.webhooks).toHaveLength(1);
    expect((await admin.client.get(`/api/projects/${project.project.id}/webhooks`)).status).toBe(200);
  });

  it('refuses members (403), those who cannot see the project (404) and the signed-out (401)', async () => {
    const pid = project.project.id;
    for (const [who, status] of [[member, 403], [stranger, 404]] as const) {
      expect((await who.client.get(`/api/projects/${pid}/webhooks`)).status).toBe(status);
      expect((await who.client.post(`/api/projects/${pid}/webhooks`, { url: receiver.url('/ok'), events: ['issue.created'] })).status).toBe(status);
      expect((await who.client.request('PATCH', `/api/webhooks/${hook.id}`, { json: { enabled: false } })).status).toBe(status);
      expect((await who.client.request('DELETE', `/api/webhooks/${hook.id}`)).status).toBe(status);
      expect((await who.client.get(`/api/webhooks/${hook.id}/deliveries`)).status).toBe(status);
    }
    expect((await t.client().get(`/api/projects/${pid}/webhooks`)).status).toBe(401);
    expect((await owner.client.get(`/api/webhooks/99999/deliveries`)).status).toBe(404);
  });

  it.each([
    ['a private address', 'http://10.1.2.3/hook', 'validation.webhookPrivateAddress'],
    ['loopback by name, not listed', 'http://localhost:9/hook', 'validation.webhookPrivateAddress'],
    ['an IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]:9/hook', 'validation.webhookPrivateAddress'],
    ['an IPv4-compatible IPv6 loopback', 'http://[::7f00:1]/hook', 'validation.webhookPrivateAddress'],
    ['NAT64 of a private address', 'http://[64:ff9b::a00:1]/hook', 'validation.webhookPrivateAddress'],
    ['6to4 of a private address', 'http://[2002:c0a8:101::1]/hook', 'validation.webhookPrivateAddress'],
    ['a unique-local address', 'http://[fd00::1]/hook', 'validation.webhookPrivateAddress'],
    ['CGNAT', 'http://100.64.0.1/hook', 'validation.webhookPrivateAddress'],
    // Listed with the receiver's port only: another port of the same host is a private address.
    ['an allowed host on another port', 'http://127.0.0.1:9/hook', 'validation.webhookPrivateAddress'],
    ['credentials in the URL', 'http://user:pw@127.0.0.1:9/hook', 'validation.webhookCredentials'],
    ['another scheme', 'ftp://example.com/hook', 'validation.webhookUrl'],
  ])('refuses %s with a 400', async (_, url, message) => {
    const res = await owner.client.post(`/api/projects/${project.project.id}/webhooks`, { url, events: ['issue.created'] }, { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(res.body.data.issues).toEqual([expect.objectContaining({ path: ['url'], message })]);
  });

  it('refuses bad bodies with a 400, never a 5xx', async () => {
    const pid = project.project.id;
    for (const body of [{}, { url: receiver.url('/ok'), events: [] }, { url: receiver.url('/ok'), events: ['nope'] }, { url: 'x'.repeat(3000), events: ['issue.created'] }, { url: receiver.url('/\u0000'), events: ['issue.created'] }]) {
      expect((await owner.client.post(`/api/projects/${pid}/webhooks`, body)).status).toBe(400);
    }
    expect((await owner.client.request('PATCH', `/api/webhooks/${hook.id}`, { json: { rotateSecret: false } })).status).toBe(400);
    expect((await owner.client.get(`/api/webhooks/${hook.id}/deliveries?limit=0`)).status).toBe(400);
    expect((await owner.client.post(`/api/deliveries/abc/redeliver`)).status).toBe(400);
  });
});

describe('deliveries', () => {
  it('sends each of the five events, signed with the secret', async () => {
    const issue = await createIssue(owner, project.project.id, { title: 'Webhook me' });
    const done = project.statuses.find((s) => s.category === 'completed')!;
    expect((await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { title: 'Webhook me, renamed' } })).status).toBe(200);
    expect((await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { statusId: done.id } })).status).toBe(200);
    expect((await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'A comment' })).status).toBe(201);
    const created = await arrived('issue.created', byEvent('issue.created', issue.id));
    const renamed = await arrived('issue.updated (title)', (r) => byEvent('issue.updated', issue.id)(r) && !!r.json.data.changes.title);
    const status = await arrived('issue.status_changed', byEvent('issue.status_changed', issue.id));
    const comment = await arrived('comment.created', byEvent('comment.created', issue.id));
    expect((await owner.client.request('DELETE', `/api/issues/${issue.id}`)).status).toBe(204);
    const deleted = await arrived('issue.deleted', byEvent('issue.deleted', issue.id));

    for (const r of [created, renamed, status, comment, deleted]) {
      expect(verifySignature(r.headers['x-tracker-signature'] as string, r.body, hook.secret)).toBe(true);
      expect(verifySignature(r.headers['x-tracker-signature'] as string, r.body, 'whsec_wrong')).toBe(false);
      expect(r.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'Tracker-Webhooks', 'x-tracker-event': r.json.event });
      expect(r.headers['x-tracker-delivery']).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.json).toMatchObject({ id: r.headers['x-tracker-delivery'], project: { id: project.project.id, key: project.project.key, name: 'Project' }, actor: { id: owner.id, name: 'Olga Owner' } });
      expect(Math.abs(Number(/t=(\d+)/.exec(r.headers['x-tracker-signature'] as string)![1]) - Date.now() / 1000)).toBeLessThan(60);
    }
    expect(Object.keys(created.json)).toEqual(['id', 'event', 'createdAt', 'project', 'actor', 'data']);
    expect(created.json.data.issue).toMatchObject({ id: issue.id, key: issue.key, title: expect.any(String), description: '' });
    expect(renamed.json.data.changes).toEqual({ title: { from: 'Webhook me', to: 'Webhook me, renamed' } });
    expect(status.json.data.changes).toEqual({ statusId: { from: issue.statusId, to: done.id } });
    expect(status.json.data.status).toEqual({ from: expect.objectContaining({ id: issue.statusId }), to: { id: done.id, name: done.name, category: 'completed' } });
    expect(comment.json.data.comment).toMatchObject({ issueId: issue.id, body: 'A comment', author: { id: owner.id } });
    expect(deleted.json.data.issue).toEqual({ id: issue.id, key: issue.key, title: 'Webhook me, renamed' });
    expect(new Set(receiver.received.map((r) => r.headers['x-tracker-delivery'])).size).toBe(receiver.received.length);
  });

  it('logs each delivery with its answer, newest first, page by page, and redelivers one under a new id', async () => {
    const log = await waitUntil('the log shows succeeded deliveries', async () => {
      const res = await owner.client.get(`/api/webhooks/${hook.id}/deliveries?limit=2`);
      return res.body.deliveries?.length === 2 && res.body.deliveries.every((d: Delivery) => d.status === 'succeeded') ? res.body : null;
    });
    const [newest] = log.deliveries as Delivery[];
    expect(newest).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200, error: null, webhookId: hook.id });
    // A host reached through WEBHOOK_ALLOWED_HOSTS: its answer's status is logged, never its content.
    expect(newest!.responseExcerpt).toBeNull();
    expect(newest!.durationMs).toBeGreaterThanOrEqual(0);
    expect(log.nextCursor).toBe(String(log.deliveries[1].id));
    const next = (await owner.client.get(`/api/webhooks/${hook.id}/deliveries?limit=2&cursor=${log.nextCursor}`)).body.deliveries as Delivery[];
    expect(next[0]!.id).toBeLessThan(log.deliveries[1].id);

    expect((await member.client.post(`/api/deliveries/${newest!.id}/redeliver`)).status).toBe(403);
    expect((await stranger.client.post(`/api/deliveries/${newest!.id}/redeliver`)).status).toBe(404);
    const res = await owner.client.post(`/api/deliveries/${newest!.id}/redeliver`);
    expect(res.status).toBe(201);
    expect(res.body.delivery).toMatchObject({ redeliveryOf: newest!.id, event: newest!.event, status: 'pending' });
    const again = await arrived('the redelivery', (r) => r.headers['x-tracker-delivery'] === res.body.delivery.deliveryId);
    expect(again.headers['x-tracker-delivery']).not.toBe(newest!.deliveryId);
    expect(verifySignature(again.headers['x-tracker-signature'] as string, again.body, hook.secret)).toBe(true);
    expect({ ...again.json, id: null }).toEqual({ ...(newest!.payload as object), id: null });
  });

  it('sends the events of a bulk edit, one per issue', async () => {
    const [a, b] = [await createIssue(owner, project.project.id, { title: 'Bulk A' }), await createIssue(owner, project.project.id, { title: 'Bulk B' })];
    const started = project.statuses.find((s) => s.category === 'started')!;
    expect((await owner.client.post('/api/issues/bulk', { ids: [a.id, b.id], patch: { statusId: started.id, priority: 'high' } })).status).toBe(200);
    for (const issue of [a, b]) {
      const got = await arrived(`status change of ${issue.key}`, byEvent('issue.status_changed', issue.id));
      expect(got.json.data.changes.statusId).toEqual({ from: issue.statusId, to: started.id });
      const updated = await arrived(`update of ${issue.key}`, byEvent('issue.updated', issue.id));
      expect(Object.keys(updated.json.data.changes).sort()).toEqual(['priority', 'statusId']);
    }
  });

  it('prunes deliveries older than 30 days', async () => {
    const [kept] = await t.sql<{ id: string }>('select id from webhook_deliveries where webhook_id = ? order by id limit 1', [hook.id]);
    await t.sql(`update webhook_deliveries set created_at = now() - interval '31 days' where id = ?`, [kept!.id]);
    const before = (await t.sql('select id from webhook_deliveries where webhook_id = ?', [hook.id])).length;
    await t.app.services.webhooks.jobs.prune();
    const after = await t.sql<{ id: string }>('select id from webhook_deliveries where webhook_id = ?', [hook.id]);
    expect(after).toHaveLength(before - 1);
    expect(after.map((r) => r.id)).not.toContain(kept!.id);
  });

  it('sends nothing for a change that is rolled back', async () => {
    const before = receiver.received.length;
    const input = createIssueSchema.parse({ projectId: project.project.id, title: 'Never committed' });
    await expect(
      t.orm.em.fork().transactional(async (em) => {
        await createIssueRow(em as never, { id: owner.id, roles: [] }, input);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // The project's events go out in order: once a later change has arrived, an earlier one would have too.
    const later = await createIssue(owner, project.project.id, { title: 'Committed' });
    await arrived('the committed issue', byEvent('issue.created', later.id));
    expect(receiver.received.slice(before).map((r) => r.json.data.issue.title)).toEqual(['Committed']);
    expect(await t.sql(`select 1 from graphile_worker.jobs where task_identifier = 'webhooks.activity'`)).toEqual([]);
  });

  it('sends only the events a webhook wants, and nothing once it is switched off or deleted', async () => {
    const res = await owner.client.request('PATCH', `/api/webhooks/${hook.id}`, { json: { events: ['comment.created'], rotateSecret: true } });
    expect(res.status).toBe(200);
    expect(res.body.webhook.secret).not.toBe(hook.secret);
    const before = receiver.received.length;
    const issue = await createIssue(owner, project.project.id, { title: 'Quiet' });
    await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'Loud' });
    const got = await arrived('the comment only', byEvent('comment.created', issue.id));
    expect(receiver.received.slice(before)).toEqual([got]);
    expect(verifySignature(got.headers['x-tracker-signature'] as string, got.body, res.body.webhook.secret)).toBe(true);
    expect((await owner.client.request('PATCH', `/api/webhooks/${hook.id}`, { json: { enabled: false } })).body.webhook).toMatchObject({ enabled: false, disabledReason: null });
    await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'Unheard' });
    // The trigger queues nothing for a project without an enabled webhook: no job, so nothing can follow.
    expect(await t.sql(`select 1 from graphile_worker.jobs where task_identifier = 'webhooks.activity'`)).toEqual([]);
    expect((await owner.client.request('DELETE', `/api/webhooks/${hook.id}`)).status).toBe(204);
    expect(await t.sql('select 1 from webhook_deliveries where webhook_id = ?', [hook.id])).toEqual([]);
    expect((await owner.client.get(`/api/projects/${project.project.id}/webhooks`)).body.webhooks).toEqual([]);
  });
});
