import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamResponseSchema, streamsResponseSchema, streamUpdateResponseSchema } from '@tracker/shared/api/streams';
import { createIssue, createProject, createUser, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let lead: TestUser;
let member: TestUser;
let outsider: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  [lead, member, outsider, admin] = [await createUser(t, { name: 'Lead' }), await createUser(t, { name: 'Member' }), await createUser(t, { name: 'Outsider' }), await createUser(t, { admin: true })];
});
afterAll(() => t.close());

async function newStream(by: TestUser, body: Record<string, unknown> = {}) {
  const res = await by.client.post('/api/streams', { name: 'Launch', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return streamResponseSchema.parse(res.body).stream;
}

describe('streams CRUD and permissions', () => {
  it('refuses visitors on every route', async () => {
    const c = t.client();
    for (const [method, path] of [
      ['GET', '/api/streams'],
      ['POST', '/api/streams'],
      ['GET', '/api/streams/1'],
      ['PATCH', '/api/streams/1'],
      ['DELETE', '/api/streams/1'],
      ['GET', '/api/streams/1/feed'],
      ['POST', '/api/streams/1/updates'],
      ['PATCH', '/api/stream-updates/1'],
      ['DELETE', '/api/stream-updates/1'],
    ]) {
      expect((await c.request(method!, path!, method === 'GET' ? {} : { json: {} })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('creates a stream: the creator becomes lead and member', async () => {
    const s = await newStream(lead, { description: 'Q3', startDate: '2026-07-01', targetDate: '2026-09-30', memberIds: [member.id] });
    expect(s).toMatchObject({
      name: 'Launch',
      status: 'planned',
      lead: { id: lead.id, name: 'Lead' },
      startDate: '2026-07-01',
      targetDate: '2026-09-30',
      progress: { total: 0, completed: 0, totalWeight: 0, completedWeight: 0 },
      health: null,
      can: ['stream.edit', 'stream.delete', 'stream.post'],
    });
    expect(s.members.map((m) => m.id).sort()).toEqual([lead.id, member.id].sort());
    const seen = streamResponseSchema.parse((await outsider.client.get(`/api/streams/${s.id}`)).body).stream;
    expect(seen.can).toEqual([]);
    expect(streamResponseSchema.parse((await member.client.get(`/api/streams/${s.id}`)).body).stream.can).toEqual(['stream.post']);
    const named = await newStream(outsider, { leadId: member.id });
    expect(named.lead?.id).toBe(member.id);
    expect(named.can).toEqual(['stream.edit', 'stream.delete', 'stream.post']);
  });

  it('validates the payload', async () => {
    const bad = async (body: Record<string, unknown>, path: string, message: string) => {
      const res = await lead.client.post('/api/streams', { name: 'X', ...body });
      expect(res.status).toBe(400);
      expect(res.body.data.issues).toContainEqual(expect.objectContaining({ path: [path], message }));
    };
    await bad({ name: ' ' }, 'name', 'validation.required');
    await bad({ startDate: '2026-05-02', targetDate: '2026-05-01' }, 'targetDate', 'validation.dueBeforeStart');
    await bad({ startDate: '2026-02-30' }, 'startDate', 'validation.date');
    await bad({ memberIds: [999_999] }, 'memberIds', 'validation.invalid');
    await bad({ leadId: 999_999 }, 'leadId', 'validation.invalid');
    await bad({ status: 'done' }, 'status', expect.any(String) as unknown as string);
  });

  it('lets the lead, the creator and admins edit, recording each changed field', async () => {
    const s = await newStream(outsider, { leadId: lead.id, memberIds: [member.id] });
    const path = `/api/streams/${s.id}`;
    expect((await member.client.request('PATCH', path, { json: { name: 'Mine' } })).status).toBe(403);
    const res = await lead.client.request('PATCH', path, { json: { name: 'Renamed', status: 'in_progress', targetDate: '2026-12-01', memberIds: [member.id, lead.id] } });
    expect(res.status).toBe(200);
    expect(res.body.stream).toMatchObject({ name: 'Renamed', status: 'in_progress', targetDate: '2026-12-01' });
    expect((await outsider.client.request('PATCH', path, { json: { description: 'by creator' } })).status).toBe(200);
    expect((await admin.client.request('PATCH', path, { json: { leadId: null } })).body.stream.lead).toBeNull();
    expect((await lead.client.request('PATCH', path, { json: { name: 'No longer lead' } })).status).toBe(403);

    const rows = await t.sql<{ actor_id: number; field: string; old_value: unknown; new_value: unknown }>(
      `select actor_id, field, old_value, new_value from activities where stream_id = ? and action = 'stream.updated' order by id`,
      [s.id],
    );
    expect(rows).toEqual([
      { actor_id: lead.id, field: 'name', old_value: 'Launch', new_value: 'Renamed' },
      { actor_id: lead.id, field: 'status', old_value: 'planned', new_value: 'in_progress' },
      { actor_id: lead.id, field: 'targetDate', old_value: null, new_value: '2026-12-01' },
      { actor_id: lead.id, field: 'memberIds', old_value: [outsider.id, member.id].sort((a, b) => a - b), new_value: [member.id, lead.id].sort((a, b) => a - b) },
      { actor_id: outsider.id, field: 'description', old_value: '', new_value: 'by creator' },
      { actor_id: admin.id, field: 'leadId', old_value: lead.id, new_value: null },
    ]);
    const bad = await outsider.client.request('PATCH', path, { json: { startDate: '2027-01-01' } });
    expect(bad.status).toBe(400);
    expect((await outsider.client.request('PATCH', path, { json: { unknown: 1 } })).status).toBe(400);
  });

  it('lets only the lead, creator or an admin delete', async () => {
    const s = await newStream(lead, { memberIds: [member.id] });
    expect((await member.client.request('DELETE', `/api/streams/${s.id}`)).status).toBe(403);
    expect((await lead.client.request('DELETE', `/api/streams/${s.id}`)).status).toBe(204);
    expect((await lead.client.get(`/api/streams/${s.id}`)).status).toBe(404);
    const s2 = await newStream(lead);
    expect((await admin.client.request('DELETE', `/api/streams/${s2.id}`)).status).toBe(204);
    expect((await admin.client.request('DELETE', `/api/streams/${s2.id}`)).status).toBe(404);
  });
});

describe('progress and health', () => {
  it('counts only issues the viewer can see, weighted by estimate (1 without), canceled left out', async () => {
    const s = await newStream(lead);
    const open = await createProject(t, { ownerId: lead.id, visibility: 'all' });
    const secret = await createProject(t, { ownerId: lead.id });
    await createIssue(t, open, { streamIds: [s.id], estimate: 3 });
    await createIssue(t, open, { streamIds: [s.id], category: 'completed' });
    await createIssue(t, open, { streamIds: [s.id], category: 'canceled', estimate: 8 });
    await createIssue(t, open, {});
    await createIssue(t, secret, { streamIds: [s.id], category: 'completed', estimate: 5 });

    const progressFor = async (u: TestUser) => {
      const list = streamsResponseSchema.parse((await u.client.get('/api/streams')).body).streams;
      return list.find((x) => x.id === s.id)!.progress;
    };
    expect(await progressFor(lead)).toEqual({ total: 3, completed: 2, totalWeight: 9, completedWeight: 6 });
    expect(await progressFor(outsider)).toEqual({ total: 2, completed: 1, totalWeight: 4, completedWeight: 1 });
    expect(await progressFor(admin)).toEqual({ total: 3, completed: 2, totalWeight: 9, completedWeight: 6 });
    expect((await outsider.client.get(`/api/streams/${s.id}`)).body.stream.progress.total).toBe(2);
  });

  it('shows the health of the latest update', async () => {
    const s = await newStream(lead, { memberIds: [member.id] });
    await lead.client.post(`/api/streams/${s.id}/updates`, { body: 'ok', health: 'on_track' });
    await member.client.post(`/api/streams/${s.id}/updates`, { body: 'hmm', health: 'at_risk' });
    const list = streamsResponseSchema.parse((await outsider.client.get('/api/streams')).body).streams;
    expect(list.find((x) => x.id === s.id)?.health).toBe('at_risk');
  });
});

describe('updates', () => {
  it('lets members and the lead post; others get 403', async () => {
    const s = await newStream(outsider, { leadId: lead.id, memberIds: [member.id] });
    await t.sql('delete from stream_members where stream_id = ? and user_id = ?', [s.id, outsider.id]);
    const res = await member.client.post(`/api/streams/${s.id}/updates`, { body: '**Going well**\n<script>x</script>', health: 'on_track' });
    expect(res.status).toBe(201);
    const update = streamUpdateResponseSchema.parse(res.body).update;
    expect(update).toMatchObject({ kind: 'update', author: { id: member.id }, health: 'on_track' });
    expect(update.bodyHtml).toContain('<strong>Going well</strong>');
    expect(update.bodyHtml).not.toContain('<script>');
    expect((await lead.client.post(`/api/streams/${s.id}/updates`, { body: 'lead', health: 'at_risk' })).status).toBe(201);
    expect((await outsider.client.post(`/api/streams/${s.id}/updates`, { body: 'creator, not member', health: 'at_risk' })).status).toBe(403);
    expect((await member.client.post(`/api/streams/${s.id}/updates`, { body: '', health: 'on_track' })).status).toBe(400);
    expect((await member.client.post(`/api/streams/${s.id}/updates`, { body: 'x', health: 'fine' })).status).toBe(400);
    expect((await member.client.post('/api/streams/999999/updates', { body: 'x', health: 'on_track' })).status).toBe(404);

    const path = `/api/stream-updates/${update.id}`;
    expect((await lead.client.request('PATCH', path, { json: { body: 'edited by lead' } })).status).toBe(403);
    const edited = await member.client.request('PATCH', path, { json: { health: 'off_track' } });
    expect(edited.body.update).toMatchObject({ body: update.body, health: 'off_track' });
    expect((await lead.client.request('DELETE', path)).status).toBe(403);
    expect((await member.client.request('DELETE', path)).status).toBe(204);
    expect((await member.client.request('DELETE', path)).status).toBe(404);
  });
});
