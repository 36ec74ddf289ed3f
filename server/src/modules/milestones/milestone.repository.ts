// Milestones and their progress: typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Milestone, MilestoneProgress } from '@tracker/shared/api/milestones';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

const progress = (projectId: number | null, id: number | null) => (em: EntityManager) => {
  let query = kysely(em)
    .selectFrom('milestones as m')
    .select((eb) => [
      'm.id',
      'm.project_id',
      'm.name',
      'm.target_date',
      'm.description',
      eb.selectFrom('issues as i').select(eb.cast<number>(eb.fn.countAll(), 'integer').as('n')).whereRef('i.milestone_id', '=', 'm.id').as('total'),
      eb.selectFrom('issues as i').select(eb.cast<number>(eb.fn.countAll(), 'integer').as('n')).whereRef('i.milestone_id', '=', 'm.id').where('i.completed_at', 'is not', null).as('completed'),
    ]);
  if (projectId != null) query = query.where('m.project_id', '=', projectId);
  if (id != null) query = query.where('m.id', '=', id);
  return query.orderBy('m.target_date').orderBy('m.id');
};

type Row = { id: number; project_id: number; name: string; target_date: string; description: string; total: number | null; completed: number | null };
const toProgress = (r: Row): MilestoneProgress => ({ id: r.id, projectId: r.project_id, name: r.name, targetDate: r.target_date, description: r.description, total: r.total ?? 0, completed: r.completed ?? 0 });

/** A project's milestones by target date, each with its issue counts. */
export async function projectMilestones(em: EntityManager, projectId: number): Promise<MilestoneProgress[]> {
  return (await progress(projectId, null)(em).execute()).map(toProgress);
}

export async function selectMilestone(em: EntityManager, id: number): Promise<MilestoneProgress | undefined> {
  const row = await progress(null, id)(em).executeTakeFirst();
  return row && toProgress(row);
}

export async function lockMilestone(em: EntityManager, id: number): Promise<Pick<Milestone, 'id' | 'projectId'> | undefined> {
  const row = await kysely(em).selectFrom('milestones').select(['id', 'project_id']).where('id', '=', id).forUpdate().executeTakeFirst();
  return row && { id: row.id, projectId: row.project_id };
}

export async function insertMilestone(em: EntityManager, m: { projectId: number; name: string; targetDate: string; description: string }): Promise<number> {
  const row = await kysely(em)
    .insertInto('milestones')
    .values({ project_id: m.projectId, name: m.name, target_date: m.targetDate, description: m.description })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMilestoneRow(em: EntityManager, id: number, patch: { name?: string; targetDate?: string; description?: string }): Promise<void> {
  await kysely(em)
    .updateTable('milestones')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.targetDate !== undefined ? { target_date: patch.targetDate } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteMilestoneRow(em: EntityManager, id: number): Promise<void> {
  await kysely(em).deleteFrom('milestones').where('id', '=', id).execute();
}
