// What a webhook event and the switched-off notice read (events.ts, disabled-notice.ts): the issue,
// its statuses and activities, the hook and who to tell. Typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { intArray } from '../../db/sql.ts';
import { ISSUE_ROW_COLUMNS, type IssueRow } from '../issues/issue.mapper.ts';

/** The issue in the API's list-row shape with its description, as it is now. */
export async function issueRowWithDescription(em: EntityManager, issueId: number): Promise<(IssueRow & { description: string }) | undefined> {
  const [row] = await em.execute<(IssueRow & { description: string })[]>(
    `select ${ISSUE_ROW_COLUMNS}, i.description from issues i join projects p on p.id = i.project_id left join users au on au.id = i.assignee_id where i.id = ?`,
    [issueId],
  );
  return row;
}

/** Statuses by id, with their name and category. */
export async function statusesByIds(em: EntityManager, ids: number[]): Promise<{ id: number; name: string; category: string }[]> {
  return kysely(em)
    .selectFrom('statuses')
    .select(['id', 'name', 'category'])
    .where('id', '=', (eb) => eb.fn.any(sql<number[]>`${intArray(ids)}::int[]`))
    .execute();
}

export interface EventActivityRow {
  id: string;
  action: string;
  field: string | null;
  old_value: unknown;
  new_value: unknown;
  actor_id: number | null;
  actor_name: string | null;
  issue_id: number | null;
  project_id: number;
  project_key: string;
  project_name: string;
  created_at: string;
}

/** Activity rows by id with their actor's name and their project, in order. */
export async function activitiesForEvents(em: EntityManager, activityIds: number[]): Promise<EventActivityRow[]> {
  return kysely(em)
    .selectFrom('activities as a')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.action',
      'a.field',
      'a.old_value',
      'a.new_value',
      'a.actor_id',
      'u.name as actor_name',
      'a.issue_id',
      'a.project_id',
      'p.key as project_key',
      'p.name as project_name',
      'a.created_at',
    ])
    .where('a.id', '=', (eb) => eb.fn.any(sql<string[]>`${intArray(activityIds)}::bigint[]`))
    .orderBy('a.id')
    .$narrowType<{ project_id: number }>()
    .execute();
}

/** A webhook's address and author, with its project's id and name. */
export async function webhookForNotice(
  em: EntityManager,
  id: number,
): Promise<{ url: string; project_id: number; project_name: string; created_by: number | null } | undefined> {
  return kysely(em)
    .selectFrom('webhooks as w')
    .innerJoin('projects as p', 'p.id', 'w.project_id')
    .select(['w.url', 'w.project_id', 'p.name as project_name', 'w.created_by'])
    .where('w.id', '=', id)
    .executeTakeFirst();
}

/** The unblocked owners of a project (their Telegram id while reachable), or `authorId` when it has none. */
export async function projectOwnersOrAuthor(
  em: EntityManager,
  projectId: number,
  authorId: number,
): Promise<{ id: number; email: string | null; name: string; locale: string; telegram_id: string | null }[]> {
  return kysely(em)
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.name', 'u.locale', sql<string | null>`case when u.telegram_unreachable_at is null then u.telegram_id end`.as('telegram_id')])
    .where('u.blocked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('u.id', 'in', eb.selectFrom('project_members').select('user_id').where('project_id', '=', projectId).where('role', '=', 'owner')),
        eb.and([
          eb('u.id', '=', authorId),
          eb.not(eb.exists(eb.selectFrom('project_members').select(eb.lit(1).as('one')).where('project_id', '=', projectId).where('role', '=', 'owner'))),
        ]),
      ]),
    )
    .orderBy('u.id')
    .execute();
}
