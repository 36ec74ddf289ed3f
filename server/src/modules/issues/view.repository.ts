// Saved views in PostgreSQL, with bound values only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { savedViewSchema } from '@tracker/shared/api/issues';
import type { z } from 'zod';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';

export type SavedView = z.infer<typeof savedViewSchema>;

/** The `query` column: the list query plus how it is shown. */
export interface ViewQuery {
  filters?: Record<string, string>;
  layout?: SavedView['layout'];
  groupBy?: SavedView['groupBy'];
}

export interface ViewRow {
  id: number;
  name: string;
  project_id: number | null;
  owner_id: number;
  owner_name: string;
  query: ViewQuery;
}

export const toView = (r: ViewRow): SavedView => ({
  id: r.id,
  name: r.name,
  projectId: r.project_id,
  owner: { id: r.owner_id, name: r.owner_name },
  query: r.query.filters ?? {},
  layout: r.query.layout ?? 'list',
  groupBy: r.query.groupBy ?? 'none',
});

const VIEW_SELECT = 'select v.id, v.name, v.project_id, v.owner_id, u.name as owner_name, v.query from saved_views v join users u on u.id = v.owner_id';

export async function viewById(em: EntityManager, id: number): Promise<ViewRow | null> {
  const [row] = await em.execute<ViewRow[]>(`${VIEW_SELECT} where v.id = ?`, [id]);
  return row ?? null;
}

/** The viewer's own views and those shared with projects they can see (only those of `ids`, when given). */
export function visibleViews(em: EntityManager, viewer: Viewer, ids?: number[]): Promise<ViewRow[]> {
  const visible = visibleProjectsCondition(viewer, 'p');
  return em.execute<ViewRow[]>(
    `${VIEW_SELECT} left join projects p on p.id = v.project_id
      where (v.owner_id = ? or (v.project_id is not null and ${visible.sql})) ${ids ? 'and v.id = any(?::int[])' : ''}
      order by v.project_id nulls first, lower(v.name), v.id`,
    [viewer.id, ...visible.params, ...(ids ? [`{${ids.join(',')}}`] : [])],
  );
}

export async function insertView(em: EntityManager, ownerId: number, projectId: number | null, name: string, query: ViewQuery): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>('insert into saved_views (owner_id, project_id, name, query) values (?, ?, ?, ?::jsonb) returning id', [
    ownerId,
    projectId,
    name,
    JSON.stringify(query),
  ]);
  return row!.id;
}

export async function updateView(em: EntityManager, id: number, change: { name: string; projectId: number | null; query: ViewQuery }): Promise<void> {
  await em.execute('update saved_views set name = ?, project_id = ?, query = ?::jsonb where id = ?', [change.name, change.projectId, JSON.stringify(change.query), id]);
}

export async function deleteView(em: EntityManager, id: number): Promise<void> {
  await em.execute('delete from saved_views where id = ?', [id]);
}
