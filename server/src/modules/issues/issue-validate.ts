import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatusCategory } from '@tracker/shared/api/projects';
import { fieldError, userCanViewProject } from '../projects/project-guards.ts';
import { intArray } from '../../db/sql.ts';

// Checks that references in an issue write point at things that exist and belong to the issue's
// project. Each failure is a 400 naming the request field, like a zod error.

export async function statusInProject(em: EntityManager, projectId: number, statusId: number): Promise<StatusCategory> {
  const rows = await em.execute<{ category: StatusCategory }[]>('select category from statuses where id = ? and project_id = ?', [statusId, projectId]);
  if (!rows[0]) throw fieldError('statusId', 'validation.unknownStatus');
  return rows[0].category;
}

/** The first status of the project in category backlog or unstarted (else the first status). */
export async function defaultStatus(em: EntityManager, projectId: number): Promise<{ id: number; category: StatusCategory }> {
  const rows = await em.execute<{ id: number; category: StatusCategory }[]>(
    `select id, category from statuses where project_id = ?
      order by (category in ('backlog', 'unstarted')) desc, position, id limit 1`,
    [projectId],
  );
  if (!rows[0]) throw fieldError('statusId', 'validation.unknownStatus');
  return rows[0];
}

export async function labelsInProject(em: EntityManager, projectId: number, ids: readonly number[], field = 'labelIds') {
  if (!ids.length) return;
  const rows = await em.execute<{ n: number }[]>('select count(*)::int as n from labels where project_id = ? and id = any(?::int[])', [projectId, intArray([...new Set(ids)])]);
  if (rows[0]!.n !== new Set(ids).size) throw fieldError(field, 'validation.unknownLabel');
}

export async function streamsExist(em: EntityManager, ids: readonly number[], field = 'streamIds') {
  if (!ids.length) return;
  const rows = await em.execute<{ n: number }[]>('select count(*)::int as n from streams where id = any(?::int[])', [intArray([...new Set(ids)])]);
  if (rows[0]!.n !== new Set(ids).size) throw fieldError(field, 'validation.unknownStream');
}

export async function assigneeCanView(em: EntityManager, projectId: number, userId: number | null, field = 'assigneeId') {
  if (userId == null) return;
  if (!(await userCanViewProject(em, userId, projectId))) throw fieldError(field, 'validation.assigneeNoAccess');
}

/**
 * A parent must be an issue of the same project, and must not be the issue itself or one of its
 * descendants (that would make a cycle).
 */
export async function validParent(em: EntityManager, projectId: number, parentId: number | null, issueId?: number) {
  if (parentId == null) return;
  const rows = await em.execute<{ project_id: number }[]>('select project_id from issues where id = ?', [parentId]);
  if (!rows[0] || rows[0].project_id !== projectId) throw fieldError('parentId', 'validation.unknownIssue');
  if (issueId == null) return;
  const cycle = await em.execute(
    `with recursive chain(id, parent_id, depth) as (
       select id, parent_id, 1 from issues where id = ?
       union all
       select i.id, i.parent_id, c.depth + 1 from issues i join chain c on i.id = c.parent_id where c.depth < 1000
     ) select 1 from chain where id = ? limit 1`,
    [parentId, issueId],
  );
  if (cycle.length) throw fieldError('parentId', 'validation.parentCycle');
}
