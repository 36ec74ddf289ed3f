// The permission matrix of the tracker's core: every actor × read/create/edit/delete on projects,
// issues and comments, each cell asserted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../test/harness.ts';
import { addMember, createIssue, createProject, signUp, uniqueKey, type TestUser } from '../projects/test-fixtures.ts';

const ACTORS = ['visitor', 'nonMember', 'viewer', 'member', 'owner', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

let t: TestServer;
const users = {} as Record<Exclude<Actor, 'visitor'>, TestUser>;
let project: Awaited<ReturnType<typeof createProject>>;
let issue: { id: number; key: string };
let memberComment: number;

const client = (actor: Actor): TestClient => (actor === 'visitor' ? t.client() : users[actor].client);

/** A members-only project with the viewer, member and owner roles filled. */
async function freshProject(visibility: 'members' | 'all' = 'members') {
  const p = await createProject(users.owner, { visibility });
  await addMember(users.owner, p.project.id, users.viewer, 'viewer');
  await addMember(users.owner, p.project.id, users.member, 'member');
  return p;
}

async function freshComment(issueId: number) {
  const res = await users.member.client.post(`/api/issues/${issueId}/comments`, { body: 'by member' });
  expect(res.status).toBe(201);
  return res.body.comment.id as number;
}

beforeAll(async () => {
  t = await createTestServer();
  for (const actor of ['nonMember', 'viewer', 'member', 'owner'] as const) users[actor] = await signUp(t, { name: actor });
  users.admin = await signUp(t, { name: 'admin', admin: true });
  project = await freshProject();
  issue = await createIssue(users.owner, project.project.id, { title: 'Matrix' });
  memberComment = await freshComment(issue.id);
});
afterAll(() => t.close());

interface Cell {
  what: string;
  expected: Record<Actor, number>;
  run: (c: TestClient, actor: Actor) => Promise<{ status: number }>;
}

const row = (visitor: number, nonMember: number, viewer: number, member: number, owner: number, admin: number): Record<Actor, number> => ({ visitor, nonMember, viewer, member, owner, admin });

const MATRIX: Cell[] = [
  { what: 'project read', expected: row(401, 404, 200, 200, 200, 200), run: (c) => c.get(`/api/projects/${project.project.key}`) },
  { what: 'project create', expected: row(401, 201, 201, 201, 201, 201), run: (c) => c.post('/api/projects', { key: uniqueKey('NEW'), name: 'Mine' }) },
  { what: 'project edit', expected: row(401, 404, 403, 403, 200, 200), run: (c) => c.request('PATCH', `/api/projects/${project.project.id}`, { json: { description: 'x' } }) },
  {
    what: 'project delete',
    expected: row(401, 404, 403, 403, 204, 204),
    run: async (c) => c.request('DELETE', `/api/projects/${(await freshProject()).project.id}`),
  },
  { what: 'project members', expected: row(401, 404, 403, 403, 200, 200), run: (c) => c.request('PUT', `/api/projects/${project.project.id}/members/${users.viewer.id}`, { json: { role: 'viewer' } }) },
  { what: 'workflow edit', expected: row(401, 404, 403, 403, 201, 201), run: (c) => c.post(`/api/projects/${project.project.id}/statuses`, { name: `S${Math.random()}`.slice(0, 20), category: 'started' }) },
  { what: 'label create', expected: row(401, 404, 403, 201, 201, 201), run: (c) => c.post(`/api/projects/${project.project.id}/labels`, { name: `L${Math.random()}`.slice(0, 20) }) },
  { what: 'project activity', expected: row(401, 404, 200, 200, 200, 200), run: (c) => c.get(`/api/projects/${project.project.id}/activity`) },

  { what: 'issue read by key', expected: row(401, 404, 200, 200, 200, 200), run: (c) => c.get(`/api/issues/${issue.key}`) },
  { what: 'issue read by id', expected: row(401, 404, 200, 200, 200, 200), run: (c) => c.get(`/api/issues/${issue.id}`) },
  { what: 'issue activity', expected: row(401, 404, 200, 200, 200, 200), run: (c) => c.get(`/api/issues/${issue.key}/activity`) },
  { what: 'issue create', expected: row(401, 404, 403, 201, 201, 201), run: (c) => c.post('/api/issues', { projectId: project.project.id, title: 'New' }) },
  { what: 'issue edit', expected: row(401, 404, 403, 200, 200, 200), run: (c) => c.request('PATCH', `/api/issues/${issue.id}`, { json: { title: `Edited ${Math.random()}` } }) },
  {
    what: 'issue move',
    expected: row(401, 404, 403, 200, 200, 200),
    run: (c) => c.post(`/api/issues/${issue.id}/move`, { statusId: project.statuses[1]!.id, beforeId: null, afterId: null }),
  },
  {
    what: 'issue delete',
    expected: row(401, 404, 403, 403, 204, 204),
    run: async (c) => c.request('DELETE', `/api/issues/${(await createIssue(users.owner, project.project.id)).id}`),
  },
  { what: 'issue watch', expected: row(401, 404, 200, 200, 200, 200), run: (c) => c.post(`/api/issues/${issue.id}/watch`) },

  { what: 'comment read', expected: row(401, 404, 200, 200, 200, 200), run: (c) => c.get(`/api/issues/${issue.id}/comments`) },
  { what: 'comment create', expected: row(401, 404, 403, 201, 201, 201), run: (c) => c.post(`/api/issues/${issue.id}/comments`, { body: 'hello' }) },
  // The member wrote the comment: only its author may edit it.
  { what: 'comment edit (member’s own)', expected: row(401, 404, 403, 200, 403, 403), run: (c) => c.request('PATCH', `/api/comments/${memberComment}`, { json: { body: 'edited' } }) },
  {
    what: 'comment delete (member’s own)',
    expected: row(401, 404, 403, 204, 204, 204),
    run: async (c) => c.request('DELETE', `/api/comments/${await freshComment(issue.id)}`),
  },
];

describe('permission matrix (members-only project)', () => {
  for (const cell of MATRIX) {
    for (const actor of ACTORS) {
      it(`${cell.what} × ${actor} → ${cell.expected[actor]}`, async () => {
        const res = await cell.run(client(actor), actor);
        expect(res.status).toBe(cell.expected[actor]);
      });
    }
  }
});

describe('issue list and search never leak a members-only project', () => {
  it.each(ACTORS)('%s', async (actor) => {
    const list = await client(actor).get(`/api/issues?project=${project.project.key}`);
    const search = await client(actor).get(`/api/search?q=${issue.key}`);
    const projectSearch = await client(actor).get(`/api/search?q=${project.project.key}`);
    if (actor === 'visitor') {
      expect([list.status, search.status, projectSearch.status]).toEqual([401, 401, 401]);
      return;
    }
    const visible = actor !== 'nonMember';
    expect(list.body.issues.some((i: { id: number }) => i.id === issue.id)).toBe(visible);
    expect(search.body.issues.some((i: { id: number }) => i.id === issue.id)).toBe(visible);
    expect(projectSearch.body.projects.some((p: { id: number }) => p.id === project.project.id)).toBe(visible);
  });
});

describe('a project visible to all signed-in users', () => {
  it('lets a non-member read as a viewer but not write', async () => {
    const open = await freshProject('all');
    const openIssue = await createIssue(users.owner, open.project.id);
    const c = users.nonMember.client;
    expect((await c.get(`/api/projects/${open.project.key}`)).body.project.myRole).toBe('viewer');
    expect((await c.get(`/api/issues/${openIssue.key}`)).status).toBe(200);
    expect((await c.get(`/api/issues/${openIssue.key}`)).body.issue.can).toEqual([]);
    expect((await c.post('/api/issues', { projectId: open.project.id, title: 'x' })).status).toBe(403);
    expect((await c.request('PATCH', `/api/issues/${openIssue.id}`, { json: { title: 'x' } })).status).toBe(403);
    expect((await c.post(`/api/issues/${openIssue.id}/comments`, { body: 'x' })).status).toBe(403);
    expect((await t.client().get(`/api/issues/${openIssue.key}`)).status).toBe(401);
  });
});
