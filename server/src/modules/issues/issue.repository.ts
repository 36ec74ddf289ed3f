// An issue's own rows as the issue service reads, writes and locks them: the issue, its labels,
// streams and first watcher, and the project's issue counter. Typed queries (db/kysely.ts); the rules
// are issue.service.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { Issue } from './issue.entity.ts';

/** An issue by id; null when there is none. */
export function issueById(em: EntityManager, id: number): Promise<Issue | null> {
  return em.findOne(Issue, { id });
}

/** The id of the issue `KEY-N`; undefined when there is none. */
export async function issueIdByKey(em: EntityManager, projectKey: string, number: number): Promise<number | undefined> {
  const row = await kysely(em)
    .selectFrom('issues as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .select('i.id')
    .where('p.key', '=', projectKey)
    .where('i.number', '=', number)
    .executeTakeFirst();
  return row?.id;
}

/** An issue's fields, status category, labels and streams, the issue's row locked until the transaction ends. */
export function lockIssueRow(em: EntityManager, issueId: number) {
  return kysely(em)
    .selectFrom('issues as i')
    .innerJoin('statuses as s', 's.id', 'i.status_id')
    .select((eb) => [
      'i.id',
      'i.project_id',
      'i.title',
      'i.description',
      'i.status_id',
      's.category',
      'i.priority',
      'i.assignee_id',
      'i.start_date',
      'i.due_date',
      eb.cast<number | null>('i.estimate', 'float8').as('estimate'),
      'i.parent_id',
      'i.cycle_id',
      'i.milestone_id',
      'i.custom_values',
      'i.version',
      'i.field_versions',
      'i.field_changed_at',
      sql<number[]>`array(${eb.selectFrom('issue_labels').select('label_id').whereRef('issue_id', '=', 'i.id').orderBy('label_id')})`.as('label_ids'),
      sql<number[]>`array(${eb.selectFrom('issue_streams').select('stream_id').whereRef('issue_id', '=', 'i.id').orderBy('stream_id')})`.as('stream_ids'),
    ])
    .where('i.id', '=', issueId)
    .forUpdate('i')
    .executeTakeFirstOrThrow();
}

/** The issue columns an edit may change. */
export interface IssueColumns {
  title?: string;
  description?: string;
  status_id?: number;
  priority?: number;
  assignee_id?: number | null;
  start_date?: string | null;
  due_date?: string | null;
  estimate?: number | null;
  parent_id?: number | null;
  cycle_id?: number | null;
  milestone_id?: number | null;
}

/** What an edit writes to the issue's row besides its columns. */
export interface IssueRowChange {
  /** The whole custom values to store. */
  customValues?: Record<string, unknown>;
  /** Link fields (`labelIds`, `streamIds`) changed: stamped in field_versions with the version being made. */
  linkFields: readonly ('labelIds' | 'streamIds')[];
  /** Moved into (true) or out of (false) a completed status. */
  completed?: boolean;
}

/** Writes an edit to the issue's row and marks it updated. */
export async function updateIssueRow(em: EntityManager, issueId: number, columns: IssueColumns, change: IssueRowChange): Promise<void> {
  const stamps = change.linkFields.map((field) => sql`${sql.lit(field)}, version + 1`);
  await kysely(em)
    .updateTable('issues')
    .set({
      ...columns,
      custom_values: change.customValues && JSON.stringify(change.customValues),
      field_versions: stamps.length ? sql`field_versions || jsonb_build_object(${sql.join(stamps)})` : undefined,
      completed_at: change.completed === undefined ? undefined : change.completed ? sql<string>`now()` : null,
      updated_at: sql<string>`now()`,
    })
    .where('id', '=', issueId)
    .execute();
}

type LinkTable = 'issue_labels' | 'issue_streams';

/** Takes labels (or streams) off an issue. */
export async function removeIssueLinks(em: EntityManager, table: LinkTable, issueId: number, ids: readonly number[]): Promise<void> {
  const db = kysely(em);
  if (table === 'issue_labels') await db.deleteFrom('issue_labels').where('issue_id', '=', issueId).where('label_id', '=', (eb) => eb.fn.any(eb.val(ids))).execute();
  else await db.deleteFrom('issue_streams').where('issue_id', '=', issueId).where('stream_id', '=', (eb) => eb.fn.any(eb.val(ids))).execute();
}

/** Puts labels (or streams) on an issue; one it has already stays. */
export async function addIssueLinks(em: EntityManager, table: LinkTable, issueId: number, ids: readonly number[]): Promise<void> {
  const db = kysely(em);
  const each = sql<number>`unnest(${ids}::int[])`;
  if (table === 'issue_labels') {
    await db
      .insertInto('issue_labels')
      .columns(['issue_id', 'label_id'])
      .expression(db.selectNoFrom((eb) => [eb.val(issueId).as('issue_id'), each.as('label_id')]))
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else {
    await db
      .insertInto('issue_streams')
      .columns(['issue_id', 'stream_id'])
      .expression(db.selectNoFrom((eb) => [eb.val(issueId).as('issue_id'), each.as('stream_id')]))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** A new issue's columns. */
export interface NewIssue {
  projectId: number;
  number: number;
  title: string;
  description: string;
  statusId: number;
  completed: boolean;
  priority: number;
  assigneeId: number | null;
  reporterId: number;
  startDate: string | null;
  dueDate: string | null;
  estimate: number | null;
  parentId: number | null;
  cycleId: number | null;
  milestoneId: number | null;
  customValues: Record<string, unknown>;
}

/**
 * A new issue, placed last in its status's column; its id. SQL text through the ORM:
 * issue-sort-indexes.test.ts reads it from the ORM's query log to check that the column's bottom is
 * found off (project_id, status_id, sort_order).
 */
export async function insertIssue(em: EntityManager, issue: NewIssue): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>(
    `insert into issues (project_id, number, title, description, status_id, priority, assignee_id, reporter_id, start_date, due_date,
                         estimate, parent_id, cycle_id, milestone_id, custom_values, completed_at, sort_order)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ${issue.completed ? 'now()' : 'null'},
             (select coalesce(max(sort_order), 0) + 1024 from issues where project_id = ? and status_id = ?))
     returning id`,
    [issue.projectId, issue.number, issue.title, issue.description, issue.statusId, issue.priority, issue.assigneeId, issue.reporterId,
      issue.startDate, issue.dueDate, issue.estimate, issue.parentId, issue.cycleId, issue.milestoneId, JSON.stringify(issue.customValues), issue.projectId, issue.statusId],
  );
  return row!.id;
}

/** Makes a user a watcher of the issue, if they are not one already. */
export async function addWatcher(em: EntityManager, issueId: number, userId: number): Promise<void> {
  await kysely(em).insertInto('issue_watchers').values({ issue_id: issueId, user_id: userId }).onConflict((oc) => oc.doNothing()).execute();
}

/** The streams an issue is in. */
export async function streamIdsOf(em: EntityManager, issueId: number): Promise<number[]> {
  const rows = await kysely(em).selectFrom('issue_streams').select('stream_id').where('issue_id', '=', issueId).execute();
  return rows.map((r) => r.stream_id);
}

/** Deletes an issue's row. */
export async function deleteIssueRow(em: EntityManager, issueId: number): Promise<void> {
  await kysely(em).deleteFrom('issues').where('id', '=', issueId).execute();
}
