// The statements an import writes issues with, inside its one transaction (import-rows.ts and
// import-writer.ts hold the rules): a batch of issues in one statement, whatever its size, through
// jsonb_to_recordset; updates one issue at a time. Typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

const now = () => sql<string>`now()`;

/** The activity rows of the rest of the transaction queue no notification jobs (migration quiet_history). */
export async function quietHistory(em: EntityManager): Promise<void> {
  await sql`set local tracker.history = 'on'`.execute(kysely(em));
}

/** A new label of the project; its id. */
export async function insertLabel(em: EntityManager, projectId: number, label: { name: string; color: string }): Promise<number> {
  const row = await kysely(em).insertInto('labels').values({ project_id: projectId, name: label.name, color: label.color }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** An issue as a batch insert takes it: times are ISO strings, a missing creation time is now. */
export interface IssueInsert {
  number: number;
  title: string;
  description: string;
  status_id: number;
  priority: number;
  assignee_id: number | null;
  reporter_id: number | null;
  start_date: string | null;
  due_date: string | null;
  estimate: number | null;
  custom_values: Record<string, unknown>;
  created_at: string | null;
  updated_at: string | null;
  completed_at: string | null;
  sort_order: number;
}

/** Creates the issues of the project in one statement; their ids and numbers. */
export function insertIssueBatch(em: EntityManager, projectId: number, rows: readonly IssueInsert[]) {
  return kysely(em)
    .insertInto('issues')
    .columns([
      'project_id',
      'number',
      'title',
      'description',
      'status_id',
      'priority',
      'assignee_id',
      'reporter_id',
      'start_date',
      'due_date',
      'estimate',
      'custom_values',
      'created_at',
      'updated_at',
      'completed_at',
      'sort_order',
    ])
    .expression(
      sql`select ${projectId}, x.number, x.title, x.description, x.status_id, x.priority, x.assignee_id, x.reporter_id, x.start_date, x.due_date,
                 x.estimate, x.custom_values, coalesce(x.created_at, now()), coalesce(x.updated_at, now()), x.completed_at, x.sort_order
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(number int, title text, description text, status_id int, priority smallint, assignee_id int, reporter_id int,
                 start_date date, due_date date, estimate float8, custom_values jsonb, created_at timestamptz, updated_at timestamptz, completed_at timestamptz, sort_order float8)`,
    )
    .returning(['id', 'number'])
    .execute();
}

/** Where each status column of the project ends now: the largest sort order in it. */
export function columnEndRows(em: EntityManager, projectId: number) {
  return kysely(em)
    .selectFrom('issues')
    .select(['status_id', sql<number>`max(sort_order)::float8`.as('end')])
    .where('project_id', '=', projectId)
    .groupBy('status_id')
    .execute();
}

/**
 * What a file changes in an existing issue: the title always, the rest only where given (null leaves
 * the column as it is). `completed` true keeps an earlier completion time, else takes `at`, else now;
 * false reopens the issue.
 */
export interface IssueUpdate {
  title: string;
  description?: string | null;
  statusId?: number | null;
  completed?: { done: true; at: string | null } | { done: false } | null;
  priority?: number | null;
  assigneeId?: number | null;
  startDate?: string | null;
  dueDate?: string | null;
  estimate?: number | null;
  /** Merged over the issue's values. */
  customValues?: Record<string, unknown> | null;
}

export async function updateIssueFromFile(em: EntityManager, issueId: number, u: IssueUpdate): Promise<void> {
  await kysely(em)
    .updateTable('issues')
    .set({
      title: u.title,
      ...(u.description != null && { description: u.description }),
      ...(u.statusId != null && { status_id: u.statusId }),
      ...(u.completed && { completed_at: u.completed.done ? sql<string>`coalesce(${u.completed.at}::timestamptz, completed_at, now())` : null }),
      ...(u.priority != null && { priority: u.priority }),
      ...(u.assigneeId != null && { assignee_id: u.assigneeId }),
      ...(u.startDate != null && { start_date: u.startDate }),
      ...(u.dueDate != null && { due_date: u.dueDate }),
      ...(u.estimate != null && { estimate: u.estimate }),
      ...(u.customValues && { custom_values: sql`custom_values || ${JSON.stringify(u.customValues)}::jsonb` }),
      updated_at: now(),
    })
    .where('id', '=', issueId)
    .execute();
}

/** Sets the issue's parent, unless it has that one already. */
export async function setParent(em: EntityManager, childId: number, parentId: number): Promise<void> {
  await kysely(em).updateTable('issues').set({ parent_id: parentId }).where('id', '=', childId).where('parent_id', 'is distinct from', parentId).execute();
}

/** Records which external id of `source` each new issue came from. */
export async function insertIssueRefs(em: EntityManager, projectId: number, source: string, refs: readonly { external_id: string; issue_id: number }[]): Promise<void> {
  await kysely(em)
    .insertInto('issue_external_refs')
    .columns(['project_id', 'source', 'external_id', 'issue_id'])
    .expression(sql`select ${projectId}, ${source}, x.external_id, x.issue_id from jsonb_to_recordset(${JSON.stringify(refs)}::jsonb) as x(external_id text, issue_id int)`)
    .execute();
}

/** Puts labels on issues; a label an issue has already stays once. */
export async function insertIssueLabels(em: EntityManager, links: readonly { issue_id: number; label_id: number }[]): Promise<void> {
  await kysely(em)
    .insertInto('issue_labels')
    .columns(['issue_id', 'label_id'])
    .expression(sql`select x.issue_id, x.label_id from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as x(issue_id int, label_id int)`)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The external ids of `source` the issue's comments were imported under. */
export async function importedCommentIds(em: EntityManager, issueId: number, source: string): Promise<string[]> {
  const rows = await kysely(em).selectFrom('comment_external_refs').select('external_id').where('issue_id', '=', issueId).where('source', '=', source).execute();
  return rows.map((r) => r.external_id);
}

/** The issue's comments: who wrote what when. */
export function issueComments(em: EntityManager, issueId: number) {
  return kysely(em).selectFrom('comments').select(['author_id', 'created_at', 'body']).where('issue_id', '=', issueId).execute();
}

/** A comment as the file has it (`createdAt`, `updatedAt`: ISO strings or null, now when missing); its id. */
export async function insertComment(em: EntityManager, c: { issueId: number; authorId: number | null; body: string; createdAt: string | null; updatedAt: string | null }): Promise<number> {
  const row = await kysely(em)
    .insertInto('comments')
    .values({
      issue_id: c.issueId,
      author_id: c.authorId,
      body: c.body,
      created_at: sql<string>`coalesce(${c.createdAt}::timestamptz, now())`,
      updated_at: sql<string>`coalesce(${c.updatedAt}::timestamptz, ${c.createdAt}::timestamptz, now())`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records the external id of `source` a comment came from (once). */
export async function insertCommentRef(em: EntityManager, ref: { issueId: number; source: string; externalId: string; commentId: number }): Promise<void> {
  await kysely(em)
    .insertInto('comment_external_refs')
    .values({ issue_id: ref.issueId, source: ref.source, external_id: ref.externalId, comment_id: ref.commentId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
