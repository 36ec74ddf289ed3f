// The sync protocol's reads (issue 14): a bootstrap consistent with one log position, further pages
// of its issues, and the change feed after a position, each entity in its current state as the
// caller may see it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { SYNC_ISSUE_PAGE, type SyncBootstrapResponse, type SyncChange, type SyncChangesResponse } from '@tracker/shared/api/sync';
import { DomainError, notFound } from '@tracker/shared/domain-errors';
import { toCustomFieldDto } from '../custom-fields/custom-field.mapper.ts';
import { selectFields } from '../custom-fields/custom-field-reads.repository.ts';
import { commentsByIds } from '../issues/comment.repository.ts';
import { toView, visibleViews } from '../issues/view.repository.ts';
import { isAdmin, type Viewer } from '../projects/project-access.ts';
import { cyclesOf, milestonesOf } from './plan.repository.ts';
import { issuesOf, labelsOf, logPosition, membersOf, readLog, statusesOf, streamsOf, usersByIds, usersOfProjects, visibleProjects, type LogEntry } from './sync.repository.ts';

const syncExpired = () => new DomainError('conflict', { code: 'sync_expired' });

/**
 * Everything the caller may see (or one project of it), read in one REPEATABLE READ snapshot with
 * the log position it matches: the client applies the changes after `syncId` on top and misses none.
 */
export async function bootstrap(em: EntityManager, viewer: Viewer, projectId?: number): Promise<SyncBootstrapResponse> {
  return em.transactional(
    async (tem) => {
      const { last } = await logPosition(tem);
      const projects = await visibleProjects(tem, viewer, projectId ? [projectId] : null);
      if (projectId && !projects.length) throw notFound('project');
      const ids = projects.map((p) => p.id);
      const issues = await issuesOf(tem, { projectIds: ids, limit: SYNC_ISSUE_PAGE + 1 });
      return {
        syncId: last,
        projects,
        statuses: await statusesOf(tem, ids),
        labels: await labelsOf(tem, ids),
        members: await membersOf(tem, ids),
        users: await usersOfProjects(tem, ids, viewer.id),
        customFields: await fieldsFor(tem, viewer),
        views: (await visibleViews(tem, viewer)).map(toView),
        // Not project data: a project's own bootstrap leaves them to the whole one.
        streams: projectId ? [] : await streamsOf(tem),
        cycles: await cyclesOf(tem, ids),
        milestones: await milestonesOf(tem, ids),
        ...page(issues),
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** A further page of the bootstrap's issues (ids below `before`). Changes meanwhile come in the feed. */
export async function issuePage(em: EntityManager, viewer: Viewer, before: number, projectId?: number) {
  const projects = await visibleProjects(em, viewer, projectId ? [projectId] : null);
  if (projectId && !projects.length) throw notFound('project');
  return page(await issuesOf(em, { projectIds: projects.map((p) => p.id), before, limit: SYNC_ISSUE_PAGE + 1 }));
}

const fieldsFor = async (em: EntityManager, viewer: Viewer, ids?: number[]) =>
  (await selectFields(em, { ids, archived: '0', visibleTo: viewer })).map(toCustomFieldDto);

const page = <T extends { id: number }>(rows: T[]) => ({
  issues: rows.slice(0, SYNC_ISSUE_PAGE),
  nextBefore: rows.length > SYNC_ISSUE_PAGE ? rows[SYNC_ISSUE_PAGE - 1]!.id : null,
});

/**
 * The changes after `since`, at most `limit` log entries, collapsed to one per entity in its
 * current state. An entity of a project the caller cannot see is left out, except the project
 * itself, which comes as gone (null) when it was deleted or the caller lost access — only to a
 * caller who could see it before. A project the
 * client's store does not hold (just joined, or just opened to all) is loaded with
 * `bootstrap?project=`: its contents were never sent.
 */
export async function changesSince(em: EntityManager, viewer: Viewer, since: number, limit: number): Promise<SyncChangesResponse> {
  const { last, pruned } = await logPosition(em);
  // Behind the pruned part, or ahead of anything this log wrote (a client of another database).
  if (since < pruned || since > last) throw syncExpired();
  const entries = await readLog(em, since, limit);
  if (!entries.length) return { changes: [], syncId: since, more: false };
  const logged = new Set(entries.map((e) => e.project_id).filter((p): p is number => p != null));
  const projects = await visibleProjects(em, viewer, [...logged]);
  const visible = new Set(projects.map((p) => p.id));
  const changes = await resolve(em, viewer, latestPerEntity(entries, visible), visible, projects);
  return { changes, syncId: Number(entries[entries.length - 1]!.id), more: entries.length === limit };
}

/**
 * One entry per entity (members: per project and user), in the place of its last one. An entity
 * moved out of sight (an issue to a project the caller cannot see) keeps a visible project, so the
 * caller learns that it is gone; a project that was open to all at any change keeps saying so.
 */
function latestPerEntity(entries: LogEntry[], visible: Set<number>): LogEntry[] {
  const last = new Map<string, LogEntry>();
  for (const e of entries) {
    const key = `${e.entity}:${e.entity === 'member' ? `${e.project_id}:` : ''}${e.entity_id}`;
    const before = last.get(key);
    last.delete(key);
    const seenBefore = before?.project_id != null && visible.has(before.project_id);
    const entry = seenBefore && !(e.project_id != null && visible.has(e.project_id)) ? { ...e, project_id: before.project_id } : e;
    last.set(key, before?.was_open && !entry.was_open ? { ...entry, was_open: true } : entry);
  }
  return [...last.values()];
}

async function resolve(em: EntityManager, viewer: Viewer, entries: LogEntry[], visible: Set<number>, projects: Awaited<ReturnType<typeof visibleProjects>>): Promise<SyncChange[]> {
  const seen = entries.filter(
    (e) => e.entity === 'user' || e.entity === 'custom_field' || e.entity === 'stream' || e.owner_id === viewer.id || (e.project_id != null && visible.has(e.project_id)),
  );
  const idsOf = (entity: LogEntry['entity']) => [...new Set(seen.filter((e) => e.entity === entity).map((e) => e.entity_id))];
  const projectIds = [...visible];
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const [statuses, labels, issues, comments, users, fields, views, streams] = await Promise.all([
    idsOf('status').length ? statusesOf(em, projectIds, idsOf('status')).then(byId) : new Map(),
    idsOf('label').length ? labelsOf(em, projectIds, idsOf('label')).then(byId) : new Map(),
    idsOf('issue').length ? issuesOf(em, { projectIds, ids: idsOf('issue') }).then(byId) : new Map(),
    idsOf('comment').length ? commentsByIds(em, idsOf('comment'), projectIds).then(byId) : new Map(),
    idsOf('user').length ? usersByIds(em, idsOf('user')).then(byId) : new Map(),
    idsOf('custom_field').length ? fieldsFor(em, viewer, idsOf('custom_field')).then(byId) : new Map(),
    idsOf('view').length ? visibleViews(em, viewer, idsOf('view')).then((rows) => byId(rows.map(toView))) : new Map(),
    idsOf('stream').length ? streamsOf(em, idsOf('stream')).then(byId) : new Map(),
  ]);
  const [cycles, milestones] = await Promise.all([
    idsOf('cycle').length ? cyclesOf(em, projectIds, idsOf('cycle')).then(byId) : new Map(),
    idsOf('milestone').length ? milestonesOf(em, projectIds, idsOf('milestone')).then(byId) : new Map(),
  ]);
  const memberRows = idsOf('member').length ? await membersOf(em, projectIds, idsOf('member')) : [];
  const members = new Map(memberRows.map((m) => [`${m.projectId}:${m.userId}`, m]));
  const projectById = byId(projects);

  const changes: SyncChange[] = [];
  for (const e of entries) {
    const id = e.entity_id;
    const inVisible = e.project_id != null && visible.has(e.project_id);
    switch (e.entity) {
      case 'project': {
        // Gone (deleted, closed, or the caller left) is said only to whoever could have seen it: an
        // admin, or anyone while it was open to all. A member who left hears it from their membership's entry.
        const data = projectById.get(id) ?? null;
        if (data || isAdmin(viewer) || e.was_open) changes.push({ entity: 'project', id, data });
        break;
      }
      case 'member':
        if (e.entity_id === viewer.id && !inVisible) {
          // The caller's own membership went, and the project with it.
          if (e.project_id != null) changes.push({ entity: 'project', id: e.project_id, data: null });
        } else if (inVisible) {
          // The caller's own membership: the project too (a store without it loads its contents).
          if (id === viewer.id) changes.push({ entity: 'project', id: e.project_id!, data: projectById.get(e.project_id!) ?? null });
          changes.push({ entity: 'member', id, projectId: e.project_id!, data: members.get(`${e.project_id}:${id}`) ?? null });
        }
        break;
      case 'user':
        changes.push({ entity: 'user', id, data: users.get(id) ?? null });
        break;
      case 'status':
        if (inVisible) changes.push({ entity: 'status', id, data: statuses.get(id) ?? null });
        break;
      case 'label':
        if (inVisible) changes.push({ entity: 'label', id, data: labels.get(id) ?? null });
        break;
      case 'issue':
        if (inVisible) changes.push({ entity: 'issue', id, data: issues.get(id) ?? null });
        break;
      case 'comment':
        if (inVisible) changes.push({ entity: 'comment', id, issueId: comments.get(id)?.issueId ?? null, data: comments.get(id) ?? null });
        break;
      case 'custom_field':
        changes.push({ entity: 'custom_field', id, data: fields.get(id) ?? null });
        break;
      case 'view':
        if (inVisible || e.owner_id === viewer.id) changes.push({ entity: 'view', id, data: views.get(id) ?? null });
        break;
      case 'stream':
        changes.push({ entity: 'stream', id, data: streams.get(id) ?? null });
        break;
      case 'cycle':
        if (inVisible) changes.push({ entity: 'cycle', id, data: cycles.get(id) ?? null });
        break;
      case 'milestone':
        if (inVisible) changes.push({ entity: 'milestone', id, data: milestones.get(id) ?? null });
        break;
    }
  }
  return changes;
}
