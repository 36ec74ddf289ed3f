// The activity rows: written by every module that changes something, read as an issue's history, a
// project's feed and the feed of the issues a user watches. Typed queries (db/kysely.ts); reading a
// row into the Activity union is activity.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely, sqlPart } from '../../db/kysely.ts';
import type { SqlPart } from '../../db/local-date.ts';

/** One activity row's columns; the old and new values as JSON text (null for none). */
export interface ActivityValues {
  issue_id: number | null;
  stream_id: number | null;
  project_id: number | null;
  actor_id: number | null;
  action: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
}

/** Writes activity rows in one insert. */
export async function insertActivities(em: EntityManager, rows: readonly ActivityValues[]): Promise<void> {
  await kysely(em).insertInto('activities').values([...rows]).execute();
}

/**
 * Which rows a feed shows: an issue's, a project's, or those on the issues user `watchedBy` watches
 * that someone else made, in the projects `visible` lets through (the visibility rule on the issue's
 * project `p`: projects/project-access.ts's visibleProjectsCondition).
 */
export type ActivityScope = { issueId: number } | { projectId: number } | { watchedBy: number; visible: SqlPart };

/** The rows of a feed with their actor's name and their issue's key and title, oldest first unless `newestFirst`. */
export function activityRows(em: EntityManager, scope: ActivityScope, options: { limit: number; newestFirst: boolean }) {
  return kysely(em)
    .selectFrom('activities as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .leftJoin('issues as i', 'i.id', 'a.issue_id')
    .leftJoin('projects as p', 'p.id', 'i.project_id')
    .select([
      'a.id',
      'a.action',
      'a.field',
      'a.old_value',
      'a.new_value',
      'a.created_at',
      'a.actor_id',
      'u.name as actor_name',
      'i.id as issue_id',
      sql<string | null>`p.key || '-' || i.number`.as('issue_key'),
      'i.title as issue_title',
    ])
    .$call((q) => {
      if ('issueId' in scope) return q.where('a.issue_id', '=', scope.issueId);
      if ('projectId' in scope) return q.where('a.project_id', '=', scope.projectId);
      return q
        .where('a.issue_id', 'in', (eb) => eb.selectFrom('issue_watchers as w').select('w.issue_id').where('w.user_id', '=', scope.watchedBy))
        .where('a.actor_id', 'is distinct from', scope.watchedBy)
        .where(sqlPart(scope.visible));
    })
    .orderBy('a.id', options.newestFirst ? 'desc' : 'asc')
    .limit(options.limit)
    .execute();
}
