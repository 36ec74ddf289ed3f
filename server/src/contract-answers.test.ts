// What the server answers fits what its declarations say (shared/src/api/contract): each endpoint the
// web app calls is called here for real, in an order that makes the data the next ones need, and its
// answer is parsed with the declared schema (lazy ones loaded first). The web app only warns on a
// mismatch (lib/api-client.ts); this test is where a wrong declaration fails.
import { admin } from '@tracker/shared/api/contract/admin';
import { blog } from '@tracker/shared/api/contract/blog';
import { calendar } from '@tracker/shared/api/contract/calendar';
import { customFields } from '@tracker/shared/api/contract/custom-fields';
import { cycles } from '@tracker/shared/api/contract/cycles';
import { milestones } from '@tracker/shared/api/contract/milestones';
import { inbox } from '@tracker/shared/api/contract/inbox';
import { insights } from '@tracker/shared/api/contract/insights';
import { INSIGHT_METRICS } from '@tracker/shared/api/values/insights';
import { sla } from '@tracker/shared/api/contract/sla';
import { buildPath, successStatus, type AnyEndpoint, type Schema } from '@tracker/shared/api/contract/endpoint';
import { activity, attachments, comments, issues, search, views } from '@tracker/shared/api/contract/issues';
import { projects, users, workflow } from '@tracker/shared/api/contract/projects';
import { account, navigation, session, telegram } from '@tracker/shared/api/contract/session';
import { streams } from '@tracker/shared/api/contract/streams';
import { sync } from '@tracker/shared/api/contract/sync';
import { system } from '@tracker/shared/api/contract/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestServer, type TestClient, type TestServer } from './test/harness.ts';
import { signUp, uniqueKey, type TestUser } from './modules/projects/test-fixtures.ts';
import { waitUntil } from './test/wait-until.ts';

let t: TestServer;
let owner: TestUser;
let other: TestUser;
const checked = new Set<AnyEndpoint>();

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner', admin: true });
  other = await signUp(t, { name: 'Other' });
});
afterAll(() => t.close());

const resolve = async (s: Schema): Promise<z.ZodType> => ('load' in s ? s.load() : s);

interface Call {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  raw?: { body: string; headers: Record<string, string> };
  as?: TestClient;
}

/** Calls an endpoint as its declaration says, expects a 2xx, and returns the answer after checking it. */
async function call(endpoint: AnyEndpoint, c: Call = {}): Promise<any> {
  const qs = c.query ? `?${new URLSearchParams(Object.entries(c.query).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
  const path = buildPath(endpoint.path, (c.params ?? {}) as never) + qs;
  const client = c.as ?? owner.client;
  const res = c.raw ? await client.request(endpoint.method, path, c.raw) : await client.request(endpoint.method, path, c.body === undefined ? {} : { json: c.body });
  // The declared status is the one the OpenAPI document promises (EndpointDocs.status).
  expect(res.status, `${endpoint.method} ${path}: ${JSON.stringify(res.body)}`).toBe(successStatus(endpoint));
  if (endpoint.response) {
    const result = (await resolve(endpoint.response)).safeParse(res.body);
    expect(result.error?.issues ?? [], `${endpoint.method} ${endpoint.path}`).toEqual([]);
  } else if (endpoint.docs?.responseType) {
    expect(res.headers.get('content-type'), `${endpoint.method} ${endpoint.path}`).toContain(endpoint.docs.responseType === 'application/octet-stream' ? '' : endpoint.docs.responseType);
  }
  checked.add(endpoint);
  return res.body;
}

describe('answers against their declarations', () => {
  it('session, account, navigation', async () => {
    await call(session.me);
    await call(account.emailReminder);
    await call(account.phoneReminder);
    await call(account.publicUser, { params: { id: other.id } });
    const { settings } = await call(account.notificationSettings);
    await call(account.updateNotificationSettings, { body: settings });
    await call(account.updateProfile, { body: { name: 'Owner Renamed' } });
    await call(telegram.account);
    await call(navigation.redirect, { query: { path: '/issues' } });
  });

  it('projects, workflow, issues, comments, views, search, attachments, streams, calendar, sync', async () => {
    const key = uniqueKey('C');
    const { project, statuses } = await call(projects.create, { body: { key, name: 'Contract' } });
    await call(projects.list);
    await call(projects.get, { params: { ref: key } });
    await call(projects.update, { params: { id: project.id }, body: { name: 'Contract 2' } });
    await call(projects.setMember, { params: { id: project.id, userId: other.id }, body: { role: 'member' } });
    await call(users.search, { query: { q: 'Oth' } });
    const { status } = await call(workflow.createStatus, { params: { id: project.id }, body: { name: 'Review', category: 'started' } });
    await call(workflow.updateStatus, { params: { id: status.id }, body: { name: 'In review' } });
    await call(workflow.reorderStatuses, { params: { id: project.id }, body: { ids: [...statuses.map((s: { id: number }) => s.id), status.id] } });
    await call(workflow.deleteStatus, { params: { id: status.id }, query: { moveTo: statuses[0].id } });
    const { sla: slaSettings } = await call(sla.get, { params: { id: project.id } });
    await call(sla.put, { params: { id: project.id }, body: { ...slaSettings, enabled: true } });
    const { label } = await call(workflow.createLabel, { params: { id: project.id }, body: { name: 'bug' } });
    await call(workflow.updateLabel, { params: { id: label.id }, body: { color: '#ff0000' } });

    const { stream } = await call(streams.create, { body: { name: 'Q3' } });
    await call(streams.list);
    await call(streams.get, { params: { id: stream.id } });
    await call(streams.update, { params: { id: stream.id }, body: { status: 'in_progress' } });
    const { update } = await call(streams.post, { params: { id: stream.id }, body: { body: 'Going well', health: 'on_track' } });
    await call(streams.editPost, { params: { id: update.id }, body: { health: 'at_risk' } });
    await call(streams.feed, { params: { id: stream.id } });

    const a = (await call(issues.create, { body: { projectId: project.id, title: 'First', labelIds: [label.id], streamIds: [stream.id], dueDate: '2026-06-01' } })).issue;
    const b = (await call(issues.create, { body: { projectId: project.id, title: 'Second' } })).issue;
    await call(issues.list, { query: { project: key } });
    await call(issues.get, { params: { ref: a.key } });
    await call(issues.update, { params: { ref: a.id }, body: { priority: 'high', assigneeId: other.id } });
    await call(issues.move, { params: { id: b.id }, body: { statusId: statuses[1].id, beforeId: null, afterId: null } });
    await call(issues.bulk, { body: { ids: [a.id, b.id], patch: { priority: 'low' } } });
    const withRelation = (await call(issues.addRelation, { params: { ref: a.id }, body: { type: 'blocks', issue: b.key } })).issue;
    await call(issues.removeRelation, { params: { ref: a.id, relationId: withRelation.relations[0].id } });
    await call(issues.watch, { params: { ref: b.id }, as: other.client });
    await call(issues.unwatch, { params: { ref: b.id }, as: other.client });
    const { comment } = await call(comments.create, { params: { ref: a.id }, body: { body: 'Hello @other' } });
    await call(comments.update, { params: { id: comment.id }, body: { body: 'Hello again' } });
    await call(comments.list, { params: { ref: a.id } });
    // The upload route streams the raw body: sent as the web app sends it, not as JSON.
    const { attachment } = await call(issues.addAttachment, { params: { ref: a.id }, raw: { body: 'notes', headers: { 'content-type': 'text/plain', 'x-file-name': 'notes.txt' } } });
    const link = await call(attachments.link, { params: { id: attachment.id } });
    await call(attachments.download, { params: { id: attachment.id } });
    await call(attachments.download, { params: { id: attachment.id }, query: Object.fromEntries(new URL(link.url, t.url).searchParams), as: t.client() });
    await call(issues.activity, { params: { ref: a.key } });
    await call(issues.page, { params: { ref: a.key } });
    await call(activity.watching, { as: other.client });
    await call(projects.activity, { params: { id: project.id } });
    const { view } = await call(views.create, { body: { name: 'Mine', query: { assignee: 'me' } } });
    await call(views.update, { params: { id: view.id }, body: { layout: 'board' } });
    await call(views.list);
    await call(search.all, { query: { q: 'First' } });

    await call(calendar.issues, { query: { from: '2026-05-01', to: '2026-06-30' } });
    await call(calendar.createFeed, { body: { scope: 'project', scopeId: project.id } });
    await call(calendar.feeds);
    await call(customFields.forProject, { query: { project: project.id } });

    // Cycles and milestones (issue 29): the pages and forms of features/plan.
    const { cycles: made } = await call(cycles.settings, { params: { id: project.id }, body: { weeks: 2, startDay: 1 } });
    await call(cycles.list, { params: { id: project.id } });
    await call(cycles.get, { params: { id: made[0]!.id } });
    const { cycle: extra } = await call(cycles.create, { params: { id: project.id }, body: { startsOn: '2031-01-06', endsOn: '2031-01-20' } });
    await call(cycles.update, { params: { id: extra.id }, body: { name: 'Later' } });
    await call(cycles.remove, { params: { id: extra.id } });
    const { milestone } = await call(milestones.create, { params: { id: project.id }, body: { name: 'Beta', targetDate: '2027-01-01' } });
    await call(milestones.list, { params: { id: project.id } });
    await call(milestones.get, { params: { id: milestone.id } });
    await call(milestones.update, { params: { id: milestone.id }, body: { name: 'Public beta' } });
    await call(milestones.remove, { params: { id: milestone.id } });

    const boot = await call(sync.bootstrap);
    await call(sync.bootstrap, { query: { project: project.id } });
    await call(sync.issues, { query: { before: a.id + 1000 } });
    await call(sync.changes, { query: { since: boot.syncId } });

    await call(comments.remove, { params: { id: comment.id } });
    await call(attachments.remove, { params: { id: attachment.id } });
    await call(issues.remove, { params: { ref: b.id } });
    await call(streams.deletePost, { params: { id: update.id } });
    await call(workflow.deleteLabel, { params: { id: label.id } });
    await call(views.remove, { params: { id: view.id } });
    await call(projects.removeMember, { params: { id: project.id, userId: other.id } });
    await call(projects.archive, { params: { id: project.id } });
    await call(projects.unarchive, { params: { id: project.id } });
    await call(projects.demo, { as: other.client });
  });

  it('admin, custom fields, blog', async () => {
    await call(admin.stats);
    await call(admin.users, { query: { q: '' } });
    await call(admin.updateUser, { params: { id: other.id }, body: { admin: false } });
    const { redirect } = await call(admin.createRedirect, { body: { fromPath: '/old-contract', to: '/issues' } });
    await call(admin.updateRedirect, { params: { id: redirect.id }, body: { fromPath: '/old-contract', to: '/projects' } });
    await call(admin.redirects);
    await call(admin.addHost, { body: { host: 'example.org' } });
    await call(admin.hosts);
    await call(admin.removeHost, { params: { host: 'example.org' } });
    await call(admin.deleteRedirect, { params: { id: redirect.id } });
    const { post } = await call(admin.createPost, { body: { slug: 'contract-post', status: 'published', versions: { en: { title: 'Contract', body: 'Text' } } } });
    await call(admin.post, { params: { id: post.id } });
    await call(admin.updatePost, { params: { id: post.id }, body: { slug: 'contract-post', status: 'published', versions: { en: { title: 'Contract 2', body: 'Text' } } } });
    await call(admin.posts);
    await call(blog.posts, { query: { lang: 'en' } });
    await call(blog.post, { params: { slug: 'contract-post' }, query: { lang: 'en' } });
    await call(admin.deletePost, { params: { id: post.id } });

    const { field } = await call(customFields.create, { body: { type: 'text', name: { ru: 'Поле', en: 'Field' } } });
    await call(customFields.get, { params: { id: field.id } });
    await call(customFields.update, { params: { id: field.id }, body: { required: false } });
    await call(customFields.list, { query: { archived: 'all' } });
    await call(customFields.archive, { params: { id: field.id } });
    await call(customFields.unarchive, { params: { id: field.id } });
    await call(customFields.remove, { params: { id: field.id }, query: { confirm: 'true' } });
  });

  it('system: health, settings, icons, the API description', async () => {
    await call(system.health, { as: t.client() });
    await call(system.config, { as: t.client() });
    await call(system.icons, { query: { icons: 'lucide:house' }, as: t.client() });
    await call(system.openapi, { as: t.client() });
    await call(system.docs, { as: t.client() });
    await call(system.docsAsset, { params: { file: 'init.js' }, as: t.client() });
  });

  it('inbox', async () => {
    const { project } = await call(projects.create, { body: { key: uniqueKey('N'), name: 'Inbox contract' } });
    await call(projects.setMember, { params: { id: project.id, userId: other.id }, body: { role: 'member' } });
    await call(issues.create, { body: { projectId: project.id, title: 'For the inbox', assigneeId: other.id } });
    await waitUntil('an inbox item', async () => (await other.client.get('/api/inbox/unread')).body.unread > 0);
    const { items } = await call(inbox.list, { as: other.client, query: { filter: 'all', limit: 10 } });
    await call(inbox.unread, { as: other.client });
    await call(inbox.update, { as: other.client, params: { id: items[0].id }, body: { read: true, snoozedUntil: null } });
    await call(inbox.readAll, { as: other.client });
  });

  it('insights: every chart, for the workspace and for a project', async () => {
    const { project } = await call(projects.create, { body: { key: uniqueKey('I'), name: 'Insights contract' } });
    await call(issues.create, { body: { projectId: project.id, title: 'Counted', dueDate: '2020-01-01' } });
    for (const metric of INSIGHT_METRICS) {
      const answer = await call(insights.metric, { params: { metric } });
      expect(answer.metric).toBe(metric);
      await call(insights.metric, { params: { metric }, query: { project: project.key, from: '2020-01-01', to: '2020-12-31' } });
    }
    await call(insights.metric, { params: { metric: 'workload' }, query: { by: 'status' } });
    await call(insights.metric, { params: { metric: 'time' }, query: { by: 'project' } });
  });

  it('covered most declarations (the rest need a bot, mail, an image or a second session)', () => {
    expect(checked.size).toBeGreaterThanOrEqual(85);
  });
});
