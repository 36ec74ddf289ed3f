// The cycles and milestones the client store holds (issue 29): those of `projectIds`, or only `ids` among them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Cycle } from '@tracker/shared/api/cycles';
import type { Milestone } from '@tracker/shared/api/milestones';
import { kysely } from '../../db/kysely.ts';
import { toCycle } from '../cycles/cycle.repository.ts';

export async function cyclesOf(em: EntityManager, projectIds: number[], ids?: number[]): Promise<Cycle[]> {
  if (!projectIds.length) return [];
  let query = kysely(em).selectFrom('cycles').selectAll().where('project_id', '=', (eb) => eb.fn.any(eb.val(projectIds)));
  if (ids) query = query.where('id', '=', (eb) => eb.fn.any(eb.val(ids)));
  return (await query.orderBy('project_id').orderBy('starts_on').execute()).map(toCycle);
}

export async function milestonesOf(em: EntityManager, projectIds: number[], ids?: number[]): Promise<Milestone[]> {
  if (!projectIds.length) return [];
  let query = kysely(em).selectFrom('milestones').select(['id', 'project_id', 'name', 'target_date', 'description']).where('project_id', '=', (eb) => eb.fn.any(eb.val(projectIds)));
  if (ids) query = query.where('id', '=', (eb) => eb.fn.any(eb.val(ids)));
  const rows = await query.orderBy('project_id').orderBy('target_date').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, projectId: r.project_id, name: r.name, targetDate: r.target_date, description: r.description }));
}
