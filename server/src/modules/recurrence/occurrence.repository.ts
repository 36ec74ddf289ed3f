// What making one occurrence of a series reads and writes (occurrence.ts holds the rule): the
// claim of (series, date), the head issue, and the copy with its labels, streams and watchers.
// Typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { userCanViewProjectSql } from '../projects/project-guards.ts';

/** Claims (series, date); false when it was claimed already. */
export async function claimOccurrence(em: EntityManager, seriesId: number, occursAt: Date): Promise<boolean> {
  const row = await kysely(em)
    .insertInto('recurrence_occurrences')
    .values({ recurrence_id: seriesId, occurs_at: occursAt.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .returning('recurrence_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The head issue's project (and whether it is archived), reporter, key and streams; undefined when it is gone. */
export function seriesHead(em: EntityManager, issueId: number) {
  return kysely(em)
    .selectFrom('issues as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .select((eb) => [
      'i.project_id',
      eb('p.archived_at', 'is not', null).$castTo<boolean>().as('archived'),
      'i.reporter_id',
      'p.key',
      'i.number',
      sql<number[]>`array(${eb.selectFrom('issue_streams').select('stream_id').whereRef('issue_id', '=', 'i.id').orderBy('stream_id')})`.as('stream_ids'),
    ])
    .where('i.id', '=', issueId)
    .executeTakeFirst();
}

/** The status a new occurrence starts in: the project's first unstarted one, else backlog, else its first. */
export async function occurrenceStatus(em: EntityManager, projectId: number): Promise<number> {
  const row = await kysely(em)
    .selectFrom('statuses')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy(sql`(category = 'unstarted')`, 'desc')
    .orderBy(sql`(category = 'backlog')`, 'desc')
    .orderBy('position')
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An occurrence's own values: its number, status, reporter and due date (YYYY-MM-DD). */
export interface OccurrenceValues {
  number: number;
  statusId: number;
  reporterId: number | null;
  due: string;
}

/**
 * The head issue copied as a new issue, placed last in its status's column; its id. The assignee
 * stays only while they may see the project; a start date keeps its distance to the due date.
 */
export async function insertOccurrenceIssue(em: EntityManager, headId: number, o: OccurrenceValues): Promise<number> {
  const db = kysely(em);
  const row = await db
    .insertInto('issues')
    .columns(['project_id', 'number', 'title', 'description', 'status_id', 'priority', 'assignee_id', 'reporter_id', 'start_date', 'due_date', 'estimate', 'parent_id', 'custom_values', 'sort_order'])
    .expression(
      db
        .selectFrom('issues as t')
        .select((eb) => [
          't.project_id',
          sql<number>`${o.number}::int`.as('number'),
          't.title',
          't.description',
          sql<number>`${o.statusId}::int`.as('status_id'),
          't.priority',
          eb
            .selectFrom('users as u')
            .innerJoin('projects as p', (join) => join.onRef('p.id', '=', 't.project_id'))
            .select('u.id')
            .whereRef('u.id', '=', 't.assignee_id')
            .where(sql.raw<boolean>(userCanViewProjectSql('u', 'p')))
            .as('assignee_id'),
          sql<number | null>`${o.reporterId}::int`.as('reporter_id'),
          sql<string | null>`case when t.start_date is not null and t.due_date is not null then ${o.due}::date - (t.due_date - t.start_date) end`.as('start_date'),
          sql<string>`${o.due}::date`.as('due_date'),
          't.estimate',
          't.parent_id',
          't.custom_values',
          eb
            .selectFrom('issues as s')
            .select(sql<number>`coalesce(max(s.sort_order), 0) + 1024`.as('next'))
            .whereRef('s.project_id', '=', 't.project_id')
            .where('s.status_id', '=', o.statusId)
            .as('sort_order'),
        ])
        .where('t.id', '=', headId),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives the new issue the head's labels and streams. */
export async function copyLinks(em: EntityManager, headId: number, issueId: number): Promise<void> {
  const db = kysely(em);
  const id = sql<number>`${issueId}::int`;
  await db
    .insertInto('issue_labels')
    .columns(['issue_id', 'label_id'])
    .expression(db.selectFrom('issue_labels').select([id.as('issue_id'), 'label_id']).where('issue_id', '=', headId))
    .execute();
  await db
    .insertInto('issue_streams')
    .columns(['issue_id', 'stream_id'])
    .expression(db.selectFrom('issue_streams').select([id.as('issue_id'), 'stream_id']).where('issue_id', '=', headId))
    .execute();
}

/** Gives the new issue the head's watchers, and `actorId` (who made the series) when there is one. */
export async function copyWatchers(em: EntityManager, headId: number, issueId: number, actorId: number | null): Promise<void> {
  const db = kysely(em);
  const id = sql<number>`${issueId}::int`;
  const watchers = db.selectFrom('issue_watchers').select([id.as('issue_id'), 'user_id']).where('issue_id', '=', headId);
  await db
    .insertInto('issue_watchers')
    .columns(['issue_id', 'user_id'])
    .expression(actorId === null ? watchers : watchers.union(db.selectNoFrom([id.as('issue_id'), sql<number>`${actorId}::int`.as('user_id')])))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Records which issue a claimed (series, date) made. */
export async function linkOccurrence(em: EntityManager, seriesId: number, occursAt: Date, issueId: number): Promise<void> {
  await kysely(em)
    .updateTable('recurrence_occurrences')
    .set({ issue_id: issueId })
    .where('recurrence_id', '=', seriesId)
    .where('occurs_at', '=', occursAt.toISOString())
    .execute();
}
