// What the workspace backup reads besides each project's export (backup.ts): every user a page at a
// time, the streams with their members and updates, the projects' keys and the projects themselves.
// Typed queries (db/kysely.ts) and the ORM's read of the projects, which the export takes as entities.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { Project } from '../projects/project.entity.ts';

/** Up to `limit` users with ids after `after`, in id order, without their secrets. */
export function userPage(em: EntityManager, after: number, limit: number) {
  return kysely(em)
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'roles', 'locale', 'blocked_at', 'created_at'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The keys of these projects. */
export function projectKeys(em: EntityManager, ids: readonly number[]) {
  return kysely(em).selectFrom('projects').select(['id', 'key']).where('id', '=', sql<number>`any(${ids}::int[])`).execute();
}

/** Every stream, its dates as `YYYY-MM-DD`. */
export function allStreams(em: EntityManager) {
  return kysely(em)
    .selectFrom('streams')
    .select([
      'id',
      'name',
      'description',
      'status',
      'lead_id',
      sql<string | null>`start_date::text`.as('start_date'),
      sql<string | null>`target_date::text`.as('target_date'),
      'created_at',
    ])
    .orderBy('id')
    .execute();
}

/** The stream's members. */
export function streamMemberIds(em: EntityManager, streamId: number) {
  return kysely(em).selectFrom('stream_members').select('user_id').where('stream_id', '=', streamId).orderBy('user_id').execute();
}

/** The stream's status updates, oldest first. */
export function streamUpdates(em: EntityManager, streamId: number) {
  return kysely(em)
    .selectFrom('stream_updates')
    .select(['author_id', 'body', 'health', 'created_at', 'updated_at'])
    .where('stream_id', '=', streamId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every project, in id order. */
export function allProjects(em: EntityManager): Promise<Project[]> {
  return em.find(Project, {}, { orderBy: { id: 'asc' } });
}
