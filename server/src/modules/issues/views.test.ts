import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedViewsResponseSchema } from '@tracker/shared/api/issues';
import { usersResponseSchema } from '@tracker/shared/api/common';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Olga Owner' });
  member = await signUp(t, { name: 'Mikhail Member', email: 'misha@example.com' });
  viewer = await signUp(t, { name: 'Vera Viewer' });
  outsider = await signUp(t, { name: 'Oscar' });
  project = await createProject(owner);
  await addMember(owner, project.project.id, member, 'member');
  await addMember(owner, project.project.id, viewer, 'viewer');
});
afterAll(() => t.close());

describe('saved views', () => {
  it('keeps personal views private and shares project views with its members', async () => {
    const personal = await member.client.post('/api/views', { name: 'Mine', query: { assignee: 'me' }, layout: 'board', groupBy: 'status' });
    expect(personal.status).toBe(201);
    expect(personal.body.view).toMatchObject({ name: 'Mine', projectId: null, query: { assignee: 'me' }, layout: 'board', groupBy: 'status', owner: { id: member.id } });
    const shared = await member.client.post('/api/views', { name: 'Team bugs', projectId: project.project.id, query: { label: '1' } });
    expect(shared.status).toBe(201);

    const names = async (u: TestUser) => savedViewsResponseSchema.parse((await u.client.get('/api/views')).body).views.map((v) => v.name).sort();
    expect(await names(member)).toEqual(['Mine', 'Team bugs']);
    expect(await names(viewer)).toEqual(['Team bugs']);
    expect(await names(outsider)).toEqual([]);

    expect((await viewer.client.post('/api/views', { name: 'x', projectId: project.project.id, query: {} })).status).toBe(403);
    expect((await outsider.client.post('/api/views', { name: 'x', projectId: project.project.id, query: {} })).status).toBe(404);

    const id = shared.body.view.id;
    expect((await viewer.client.request('PATCH', `/api/views/${id}`, { json: { name: 'hijack' } })).status).toBe(403);
    expect((await outsider.client.request('PATCH', `/api/views/${id}`, { json: { name: 'hijack' } })).status).toBe(404);
    const renamed = await member.client.request('PATCH', `/api/views/${id}`, { json: { name: 'Bugs', layout: 'board' } });
    expect(renamed.body.view).toMatchObject({ name: 'Bugs', layout: 'board', query: { label: '1' } });

    expect((await viewer.client.request('DELETE', `/api/views/${id}`)).status).toBe(403);
    expect((await owner.client.request('DELETE', `/api/views/${id}`)).status).toBe(204);
    expect((await outsider.client.request('DELETE', `/api/views/${personal.body.view.id}`)).status).toBe(404);
    expect((await member.client.request('DELETE', `/api/views/${personal.body.view.id}`)).status).toBe(204);
    expect(await names(member)).toEqual([]);
  });
});

describe('people picker', () => {
  it('matches name words by prefix and whole e-mails (or their whole local part), never returns e-mails, needs a session', async () => {
    const find = async (q: string) => usersResponseSchema.parse((await owner.client.get(`/api/users?q=${encodeURIComponent(q)}`)).body).users.map((u) => u.name);
    expect(await find('mik')).toEqual(['Mikhail Member']);
    expect(await find('member')).toEqual(['Mikhail Member']);
    expect(await find('misha')).toEqual(['Mikhail Member']);
    expect(await find('MISHA@example.com')).toEqual(['Mikhail Member']);
    // No prefix of an address finds anyone, so none can be recovered a character at a time.
    for (const q of ['mis', 'mish', 'misha@', 'misha@e', 'misha@example.co', 'misha@x', 'example.com']) expect(await find(q), q).toEqual([]);
    expect(await find('%')).toEqual([]);
    const all = await owner.client.get('/api/users?limit=2');
    expect(all.body.users).toHaveLength(2);
    expect(JSON.stringify(all.body)).not.toContain('@');
    expect((await t.client().get('/api/users?q=m')).status).toBe(401);
  });
});
