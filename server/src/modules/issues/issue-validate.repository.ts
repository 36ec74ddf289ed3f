// What the reference checks of an issue write read (issue-validate.ts holds the rules): typed
// queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatusCategory } from '@tracker/shared/api/projects';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { userCanViewProjectSql } from '../projects/project-guards.ts';

/** The category of a status of the project; undefined when the project has no such status. */
export async function statusCategory(em: EntityManager, projectId: number, statusId: number): Promise<StatusCategory | undefined> {
  const row = await kysely(em)
    .selectFrom('statuses')
    .select('category')
    .$narrowType<{ category: StatusCategory }>()
    .where('id', '=', statusId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row?.category;
}

/** The project's first status in category backlog or unstarted (else its first status); undefined when it has none. */
export function firstOpenStatus(em: EntityManager, projectId: number): Promise<{ id: number; category: StatusCategory } | undefined> {
  return kysely(em)
    .selectFrom('statuses')
    .select(['id', 'category'])
    .$narrowType<{ category: StatusCategory }>()
    .where('project_id', '=', projectId)
    .orderBy(sql`(category in ('backlog', 'unstarted'))`, 'desc')
    .orderBy('position')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** How many of these (distinct) label ids are labels of the project. */
export async function countProjectLabels(em: EntityManager, projectId: number, ids: readonly number[]): Promise<number> {
  const row = await kysely(em)
    .selectFrom('labels')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where('project_id', '=', projectId)
    .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** How many of these (distinct) stream ids exist. */
export async function countStreams(em: EntityManager, ids: readonly number[]): Promise<number> {
  const row = await kysely(em)
    .selectFrom('streams')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether an existing user may see the project (the visibility rule, projects/project-access.ts). */
export async function userSeesProject(em: EntityManager, userId: number, projectId: number): Promise<boolean> {
  const row = await kysely(em)
    .selectFrom('users as u')
    .innerJoin('projects as p', (join) => join.on('p.id', '=', projectId))
    .select((eb) => eb.lit(1).as('one'))
    .where('u.id', '=', userId)
    .where(sql.raw<boolean>(userCanViewProjectSql('u', 'p')))
    .executeTakeFirst();
  return row !== undefined;
}

/** The project of an issue; undefined when there is no such issue. */
export async function projectOfIssue(em: EntityManager, issueId: number): Promise<number | undefined> {
  const row = await kysely(em).selectFrom('issues').select('project_id').where('id', '=', issueId).executeTakeFirst();
  return row?.project_id;
}

/** A cycle's project, and whether it has ended (its end day has come in its time zone). */
export async function cycleOf(em: EntityManager, cycleId: number): Promise<{ projectId: number; ended: boolean } | undefined> {
  const row = await kysely(em)
    .selectFrom('cycles')
    .select(['project_id', sql<boolean>`ends_on <= (now() at time zone time_zone)::date`.as('ended')])
    .where('id', '=', cycleId)
    .executeTakeFirst();
  return row && { projectId: row.project_id, ended: row.ended };
}

export async function milestoneProject(em: EntityManager, milestoneId: number): Promise<number | undefined> {
  const row = await kysely(em).selectFrom('milestones').select('project_id').where('id', '=', milestoneId).executeTakeFirst();
  return row?.project_id;
}

/** Whether `issueId` is `parentId` or one of its ancestors (followed up to 1000 levels). */
export async function isInParentChain(em: EntityManager, parentId: number, issueId: number): Promise<boolean> {
  const row = await kysely(em)
    .withRecursive('chain(id, parent_id, depth)', (db) =>
      db
        .selectFrom('issues')
        .select(['id', 'parent_id', sql<number>`1`.as('depth')])
        .where('id', '=', parentId)
        .unionAll(
          db
            .selectFrom('issues as i')
            .innerJoin('chain as c', 'i.id', 'c.parent_id')
            .select(['i.id', 'i.parent_id', sql<number>`c.depth + 1`.as('depth')])
            .where('c.depth', '<', 1000),
        ),
    )
    .selectFrom('chain')
    .select((eb) => eb.lit(1).as('one'))
    .where('id', '=', issueId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
