// Issue lists and pages under ETags made of per-project data versions (issue 13): a 304 while
// nothing they show changed, a new body as soon as anything did, and never a body for someone who
// may no longer see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
let other: Awaited<ReturnType<typeof createProject>>;
let issue: Awaited<ReturnType<typeof createIssue>>;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  member = await signUp(t, { name: 'Member' });
  project = await createProject(owner);
  other = await createProject(owner);
  await addMember(owner, project.project.id, member, 'member');
  issue = await createIssue(owner, project.project.id, { title: 'Cached', assigneeId: member.id });
  await createIssue(owner, other.project.id, { title: 'Elsewhere' });
});
afterAll(() => t.close());

const listPath = () => `/api/issues?project=${project.project.key}`;
const pagePath = () => `/api/issues/${issue.key}`;
const PATHS = [listPath, pagePath, () => '/api/issues'];

/** The ETag `user` gets for `path` now, checked to come back as a bodiless 304 while nothing changes. */
async function tagOf(user: TestUser, path: string): Promise<string> {
  const res = await user.client.get(path);
  expect(res.status, path).toBe(200);
  const etag = res.headers.get('etag')!;
  expect(etag, path).toMatch(/^"[\w.-]+"$/);
  return etag;
}

const revalidate = (user: TestUser, path: string, etag: string) => user.client.get(path, { 'if-none-match': etag });

describe('ETag and 304 on issue lists and issue pages', () => {
  it('answers 304 with no body while nothing changed, and counts it', async () => {
    for (const path of PATHS.map((p) => p())) {
      const etag = await tagOf(member, path);
      const before = t.app.services.responseCache.stats().notModified;
      const again = await revalidate(member, path, etag);
      expect(again.status, path).toBe(304);
      expect(again.body, path).toBe('');
      expect(again.headers.get('etag'), path).toBe(etag);
      expect(t.app.services.responseCache.stats().notModified).toBe(before + 1);
    }
  });

  it('changes with every kind of change the project’s lists and pages show', async () => {
    const [started] = project.statuses.filter((s) => s.category === 'started');
    const changes: [string, () => Promise<unknown>][] = [
      ['issue edit', () => owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { title: 'Edited' } })],
      ['comment', () => member.client.post(`/api/issues/${issue.id}/comments`, { body: 'A comment' })],
      ['status rename', () => owner.client.request('PATCH', `/api/statuses/${started!.id}`, { json: { name: 'Doing' } })],
      ['label added', () => owner.client.post(`/api/projects/${project.project.id}/labels`, { name: 'fresh', color: '#123456' })],
      // The assignee's name shows in lists and pages of every project.
      ['user rename', () => t.sql('update users set name = ? where id = ?', ['Member Renamed', member.id])],
      ['member removal', async () => {
        const extra = await signUp(t);
        await addMember(owner, project.project.id, extra, 'viewer');
        const before = await tagOf(owner, listPath());
        await owner.client.request('DELETE', `/api/projects/${project.project.id}/members/${extra.id}`);
        return before;
      }],
    ];
    for (const [what, change] of changes) {
      const tags = await Promise.all(PATHS.map((p) => tagOf(owner, p())));
      const before = (await change()) as string | undefined;
      for (const [n, path] of PATHS.map((p) => p()).entries()) {
        const res = await revalidate(owner, path, typeof before === 'string' && n === 0 ? before : tags[n]!);
        expect(res.status, `${what}: ${path}`).toBe(200);
        expect(res.headers.get('etag'), `${what}: ${path}`).not.toBe(tags[n]);
      }
    }
    const page = await owner.client.get(pagePath());
    expect(page.body.issue).toMatchObject({ title: 'Edited', assignee: { name: 'Member Renamed' } });
    expect((await owner.client.get(listPath())).body.issues[0]).toMatchObject({ title: 'Edited', commentCount: 1 });
  });

  it('keeps the ETag of a project’s list and page when another project changes', async () => {
    const tags = await Promise.all([tagOf(owner, listPath()), tagOf(owner, pagePath())]);
    await createIssue(owner, other.project.id, { title: 'Another elsewhere' });
    await owner.client.request('PATCH', `/api/projects/${other.project.id}`, { json: { name: 'Renamed elsewhere' } });
    expect((await revalidate(owner, listPath(), tags[0])).status).toBe(304);
    expect((await revalidate(owner, pagePath(), tags[1])).status).toBe(304);
  });

  it('shows a related issue of another project with its changes, and only while the viewer may see it', async () => {
    const third = await createProject(owner);
    const related = await createIssue(owner, third.project.id, { title: 'Related' });
    expect((await owner.client.post(`/api/issues/${issue.id}/relations`, { type: 'relates', issue: related.id })).status).toBeLessThan(300);
    await addMember(owner, third.project.id, member, 'viewer');
    const etag = await tagOf(member, pagePath());
    await owner.client.request('PATCH', `/api/issues/${related.id}`, { json: { title: 'Related, renamed' } });
    const renamed = await revalidate(member, pagePath(), etag);
    expect(renamed.status).toBe(200);
    expect(renamed.body.issue.relations.map((r: { issue: { title: string } }) => r.issue.title)).toEqual(['Related, renamed']);
    await owner.client.request('DELETE', `/api/projects/${third.project.id}/members/${member.id}`);
    const hidden = await revalidate(member, pagePath(), renamed.headers.get('etag')!);
    expect(hidden.status).toBe(200);
    expect(hidden.body.issue.relations).toEqual([]);
  });

  it('gives a user who lost access a 404, never the stored page nor a 304, and an empty list', async () => {
    const leaver = await signUp(t);
    await addMember(owner, project.project.id, leaver, 'member');
    const page = await tagOf(leaver, pagePath());
    const list = await tagOf(leaver, listPath());
    expect((await leaver.client.get(listPath())).body.issues.length).toBeGreaterThan(0);
    await owner.client.request('DELETE', `/api/projects/${project.project.id}/members/${leaver.id}`);
    for (const headers of [{}, { 'if-none-match': page }] as Record<string, string>[]) {
      const res = await leaver.client.get(pagePath(), headers);
      expect(res.status).toBe(404);
      expect(res.headers.get('etag')).toBeNull();
    }
    const after = await leaver.client.get(listPath(), { 'if-none-match': list });
    expect(after.status).toBe(200);
    expect(after.body.issues).toEqual([]);
    expect(after.headers.get('etag')).toBeNull();
  });
});
