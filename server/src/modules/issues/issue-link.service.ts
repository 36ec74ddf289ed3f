// The rules of relations between issues and of watching; SQL is in issue-link.repository.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RelationType } from '@tracker/shared/api/issues';
import { DomainError, fieldError, notFound } from '@tracker/shared/domain-errors';
import { recordActivities } from '../activity/activity.ts';
import { publishEvent } from '../events/publish.ts';
import { projectAccess, type Viewer } from '../projects/project-access.ts';
import { assertWritable } from '../projects/project-guards.ts';
import { deleteRelationOf, insertRelation, relationExists, setWatcher, type StoredRelationType } from './issue-link.repository.ts';
import { findIssue, requireIssue } from './issue-access.ts';

/** Stored relation types; `blocked_by` and `duplicated_by` are the same rows read from the other side. */
const STORED: Record<RelationType, { type: StoredRelationType; reversed: boolean }> = {
  blocks: { type: 'blocks', reversed: false },
  blocked_by: { type: 'blocks', reversed: true },
  relates: { type: 'relates', reversed: false },
  duplicates: { type: 'duplicates', reversed: false },
  duplicated_by: { type: 'duplicates', reversed: true },
};

const issueEvent = (em: EntityManager, actor: Viewer, issueId: number, projectId: number) =>
  publishEvent(em, { type: 'issue.updated', issueId, projectId, streamIds: [], actorId: actor.id });

/** Relates issue `ref` to another issue the viewer can see; returns the issue's id. */
export async function addRelation(em: EntityManager, viewer: Viewer, ref: number | string, input: { type: RelationType; issue: number | string }): Promise<number> {
  return em.transactional(async (tem) => {
    const { issue, project } = await requireIssue(tem, viewer, ref, 'issue.edit');
    assertWritable(project);
    const other = await findIssue(tem, input.issue);
    const otherAccess = other && (await projectAccess(tem, viewer, other.projectId));
    if (!other || !otherAccess) throw fieldError('issue', 'validation.unknownIssue');
    if (other.id === issue.id) throw fieldError('issue', 'validation.relationToSelf');
    const stored = STORED[input.type];
    const [from, to] = stored.reversed ? [other.id, issue.id] : [issue.id, other.id];
    if (await relationExists(tem, stored.type, from, to)) {
      throw new DomainError('conflict', { code: 'conflict', key: 'errors.relationExists', data: { field: 'issue' } });
    }
    const relationId = await insertRelation(tem, stored.type, from, to);
    await recordActivities(tem, [
      { projectId: project.id, issueId: issue.id, actorId: viewer.id, action: 'relation.added', newValue: { relationId, type: input.type, issueId: other.id } },
    ]);
    await issueEvent(tem, viewer, issue.id, project.id);
    await issueEvent(tem, viewer, other.id, other.projectId);
    return issue.id;
  });
}

/** Removes one of issue `ref`'s relations; returns the issue's id. */
export async function removeRelation(em: EntityManager, viewer: Viewer, ref: number | string, relationId: number): Promise<number> {
  return em.transactional(async (tem) => {
    const { issue, project } = await requireIssue(tem, viewer, ref, 'issue.edit');
    assertWritable(project);
    const rel = await deleteRelationOf(tem, relationId, issue.id);
    if (!rel) throw notFound('relation');
    const otherId = rel.from === issue.id ? rel.to : rel.from;
    await recordActivities(tem, [{ projectId: project.id, issueId: issue.id, actorId: viewer.id, action: 'relation.removed', oldValue: { relationId, type: rel.type, issueId: otherId } }]);
    await issueEvent(tem, viewer, issue.id, project.id);
    return issue.id;
  });
}

/** Anyone who sees an issue may watch it or stop; returns the issue's id. */
export async function setWatching(em: EntityManager, viewer: Viewer, ref: number | string, watching: boolean): Promise<number> {
  return em.transactional(async (tem) => {
    const { issue, project } = await requireIssue(tem, viewer, ref, 'project.view');
    await setWatcher(tem, issue.id, viewer.id, watching);
    await issueEvent(tem, viewer, issue.id, project.id);
    return issue.id;
  });
}
