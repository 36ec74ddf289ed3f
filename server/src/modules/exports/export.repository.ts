// What export.csv, export.json and the backup read of a project (export-content.ts shapes it): its
// catalog, its issues a batch at a time, what each issue of a batch holds, and the people they name.
// Typed queries (db/kysely.ts); a batch's ids go as one array, so every batch runs the same statement.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExportIssue } from '@tracker/shared/api/export';
import type { ProjectRole, StatusCategory } from '@tracker/shared/api/projects';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

const anyOf = (ids: readonly number[]) => sql<number>`any(${ids}::int[])`;

/** The users with these ids: names and e-mails. */
export function usersByIds(em: EntityManager, ids: readonly number[]) {
  return kysely(em).selectFrom('users').select(['id', 'name', 'email']).where('id', '=', anyOf(ids)).execute();
}

/** The project's statuses in workflow order. */
export function exportedStatuses(em: EntityManager, projectId: number) {
  return kysely(em)
    .selectFrom('statuses')
    .select(['name', 'category', 'color', 'position'])
    .$narrowType<{ category: StatusCategory }>()
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The project's labels by name. */
export function exportedLabels(em: EntityManager, projectId: number) {
  return kysely(em).selectFrom('labels').select(['name', 'color']).where('project_id', '=', projectId).orderBy('name').orderBy('id').execute();
}

/** The project's members with their roles, in the order they joined. */
export function exportedMembers(em: EntityManager, projectId: number) {
  return kysely(em)
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email', 'm.role'])
    .$narrowType<{ role: ProjectRole }>()
    .where('m.project_id', '=', projectId)
    .orderBy('m.created_at')
    .orderBy('u.id')
    .execute();
}

/**
 * Up to `limit` issues of the project numbered after `after`, in number order: their status, parent's
 * number, label and stream names; dates as `YYYY-MM-DD`.
 */
export function issueBatch(em: EntityManager, projectId: number, after: number, limit: number) {
  return kysely(em)
    .selectFrom('issues as i')
    .innerJoin('statuses as s', 's.id', 'i.status_id')
    .leftJoin('issues as par', 'par.id', 'i.parent_id')
    .select((eb) => [
      'i.id',
      'i.number',
      'i.title',
      'i.description',
      's.name as status',
      's.category',
      'i.priority',
      'i.assignee_id',
      'i.reporter_id',
      sql<string | null>`i.start_date::text`.as('start_date'),
      sql<string | null>`i.due_date::text`.as('due_date'),
      'i.estimate',
      'par.number as parent_number',
      eb.ref('i.custom_values').$castTo<Record<string, unknown>>().as('custom_values'),
      'i.created_at',
      'i.updated_at',
      'i.completed_at',
      sql<string[]>`coalesce((select array_agg(l.name order by l.name) from issue_labels il join labels l on l.id = il.label_id where il.issue_id = i.id), '{}')`.as('labels'),
      sql<string[]>`coalesce((select array_agg(st.name order by st.name) from issue_streams ist join streams st on st.id = ist.stream_id where ist.issue_id = i.id), '{}')`.as('streams'),
    ])
    .$narrowType<{ category: StatusCategory }>()
    .where('i.project_id', '=', projectId)
    .where('i.number', '>', after)
    .orderBy('i.number')
    .limit(limit)
    .execute();
}

/** The comments on these issues, oldest first. */
export function commentsOf(em: EntityManager, issueIds: readonly number[]) {
  return kysely(em)
    .selectFrom('comments')
    .select(['id', 'issue_id', 'author_id', 'body', 'created_at', 'updated_at'])
    .where('issue_id', '=', anyOf(issueIds))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The history of these issues, oldest first. */
export function activityOf(em: EntityManager, issueIds: readonly number[]) {
  return kysely(em)
    .selectFrom('activities')
    .select(['issue_id', 'actor_id', 'action', 'field', 'old_value', 'new_value', 'created_at'])
    .$narrowType<{ issue_id: number }>()
    .where('issue_id', '=', anyOf(issueIds))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The files on these issues, oldest first, with where their bytes are stored. */
export function attachmentsOf(em: EntityManager, issueIds: readonly number[]) {
  return kysely(em)
    .selectFrom('attachments')
    .select(['id', 'issue_id', 'uploader_id', 'file_name', 'mime_type', 'size', 'storage_key', 'created_at'])
    .where('issue_id', '=', anyOf(issueIds))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The links from these issues, each to its target's key (`WEB-12`). */
export function relationsOf(em: EntityManager, issueIds: readonly number[]) {
  return kysely(em)
    .selectFrom('issue_relations as r')
    .innerJoin('issues as t', 't.id', 'r.to_issue_id')
    .innerJoin('projects as p', 'p.id', 't.project_id')
    .select(['r.from_issue_id as issue_id', 'r.type', sql<string>`p.key || '-' || t.number`.as('key')])
    .$narrowType<{ type: ExportIssue['relations'][number]['type'] }>()
    .where('r.from_issue_id', '=', anyOf(issueIds))
    .orderBy('r.id')
    .execute();
}

/** Who watches these issues. */
export function watchersOf(em: EntityManager, issueIds: readonly number[]) {
  return kysely(em).selectFrom('issue_watchers').select(['issue_id', 'user_id']).where('issue_id', '=', anyOf(issueIds)).orderBy('user_id').execute();
}
