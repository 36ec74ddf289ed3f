import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { createSavedViewSchema, savedViewSchema, updateSavedViewSchema } from '@tracker/shared/api/issues';
import type { z } from 'zod';
import { requireUser } from '../../http/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { projectAccess, requireProject, visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { canInProject } from '@tracker/shared/permissions';

type SavedView = z.infer<typeof savedViewSchema>;

// The `query` column holds { filters, layout, groupBy }: the list query plus how it is shown.
interface ViewRow {
  id: number;
  name: string;
  project_id: number | null;
  owner_id: number;
  owner_name: string;
  query: { filters?: Record<string, string>; layout?: SavedView['layout']; groupBy?: SavedView['groupBy'] };
}

const toView = (r: ViewRow): SavedView => ({
  id: r.id,
  name: r.name,
  projectId: r.project_id,
  owner: { id: r.owner_id, name: r.owner_name },
  query: r.query.filters ?? {},
  layout: r.query.layout ?? 'list',
  groupBy: r.query.groupBy ?? 'none',
});

const VIEW_SELECT = 'select v.id, v.name, v.project_id, v.owner_id, u.name as owner_name, v.query from saved_views v join users u on u.id = v.owner_id';

async function loadView(em: EntityManager, id: number): Promise<ViewRow | undefined> {
  const [row] = await em.execute<ViewRow[]>(`${VIEW_SELECT} where v.id = ?`, [id]);
  return row;
}

/** A view the viewer may see: their own, or shared with a project they can see. Otherwise 404. */
async function visibleView(em: EntityManager, viewer: Viewer, id: number): Promise<ViewRow> {
  const row = await loadView(em, id);
  if (!row) throw notFound('View not found');
  if (row.owner_id === viewer.id) return row;
  if (row.project_id != null && (await projectAccess(em, viewer, row.project_id))) return row;
  throw notFound('View not found');
}

export function viewRoutes(deps: { em: () => EntityManager }) {
  const router = new Router({ prefix: '/api/views' });

  router.get('/', async (ctx) => {
    const viewer = requireUser(ctx);
    const visible = visibleProjectsCondition(viewer, 'p');
    const rows = await deps.em().execute<ViewRow[]>(
      `${VIEW_SELECT} left join projects p on p.id = v.project_id
        where v.owner_id = ? or (v.project_id is not null and ${visible.sql})
        order by v.project_id nulls first, lower(v.name), v.id`,
      [viewer.id, ...visible.params],
    );
    ctx.body = { views: rows.map(toView) };
  });

  router.post('/', async (ctx) => {
    const viewer = requireUser(ctx);
    const input = parse(createSavedViewSchema, ctx.request.body);
    if (input.projectId != null) await requireProject(deps.em(), viewer, input.projectId, 'view.share');
    const [row] = await deps.em().execute<{ id: number }[]>(
      'insert into saved_views (owner_id, project_id, name, query) values (?, ?, ?, ?::jsonb) returning id',
      [viewer.id, input.projectId, input.name, JSON.stringify({ filters: input.query, layout: input.layout, groupBy: input.groupBy })],
    );
    ctx.status = 201;
    ctx.body = { view: toView((await loadView(deps.em(), row!.id))!) };
  });

  router.patch('/:id', async (ctx) => {
    const viewer = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const patch = parse(updateSavedViewSchema, ctx.request.body);
    const row = await visibleView(deps.em(), viewer, id);
    if (row.owner_id !== viewer.id) throw forbidden();
    if (patch.projectId != null && patch.projectId !== row.project_id) await requireProject(deps.em(), viewer, patch.projectId, 'view.share');
    const query = {
      filters: patch.query ?? row.query.filters ?? {},
      layout: patch.layout ?? row.query.layout ?? 'list',
      groupBy: patch.groupBy ?? row.query.groupBy ?? 'none',
    };
    await deps.em().execute('update saved_views set name = ?, project_id = ?, query = ?::jsonb where id = ?', [
      patch.name ?? row.name,
      patch.projectId === undefined ? row.project_id : patch.projectId,
      JSON.stringify(query),
      id,
    ]);
    ctx.body = { view: toView((await loadView(deps.em(), id))!) };
  });

  router.delete('/:id', async (ctx) => {
    const viewer = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const row = await visibleView(deps.em(), viewer, id);
    if (row.owner_id !== viewer.id) {
      const access = row.project_id != null ? await projectAccess(deps.em(), viewer, row.project_id) : null;
      // Owners of the project a view is shared with may remove it (capability `project.edit`).
      if (!access || !canInProject(access.role, viewer.roles, 'project.edit')) throw forbidden();
    }
    await deps.em().execute('delete from saved_views where id = ?', [id]);
    ctx.status = 204;
  });

  return router;
}
