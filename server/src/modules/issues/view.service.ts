// The rules of saved views: who sees, shares, edits and removes them. SQL is in view.repository.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { createSavedViewSchema, updateSavedViewSchema } from '@tracker/shared/api/issues';
import { forbidden, notFound } from '@tracker/shared/domain-errors';
import { canInProject } from '@tracker/shared/permissions';
import type { z } from 'zod';
import { projectAccess, requireProject, type Viewer } from '../projects/project-access.ts';
import { deleteView, insertView, toView, updateView, viewById, visibleViews, type SavedView, type ViewRow } from './view.repository.ts';

/** A view the viewer may see: their own, or shared with a project they can see. Otherwise not found. */
async function visibleView(em: EntityManager, viewer: Viewer, id: number): Promise<ViewRow> {
  const row = await viewById(em, id);
  if (!row) throw notFound('view');
  if (row.owner_id === viewer.id) return row;
  if (row.project_id != null && (await projectAccess(em, viewer, row.project_id))) return row;
  throw notFound('view');
}

async function loadView(em: EntityManager, id: number): Promise<SavedView> {
  const row = await viewById(em, id);
  if (!row) throw notFound('view');
  return toView(row);
}

/** A view the viewer may see (their own, or shared with a project they see), else not found: what another area applies (insights). */
export async function visibleSavedView(em: EntityManager, viewer: Viewer, id: number): Promise<SavedView> {
  return toView(await visibleView(em, viewer, id));
}

export async function listViews(em: EntityManager, viewer: Viewer): Promise<SavedView[]> {
  return (await visibleViews(em, viewer)).map(toView);
}

/** Anyone saves a view for themselves; sharing it with a project needs `view.share` there. */
export async function createView(em: EntityManager, viewer: Viewer, input: z.output<typeof createSavedViewSchema>): Promise<SavedView> {
  if (input.projectId != null) await requireProject(em, viewer, input.projectId, 'view.share');
  const id = await insertView(em, viewer.id, input.projectId ?? null, input.name, { filters: input.query, layout: input.layout, groupBy: input.groupBy });
  return loadView(em, id);
}

/** Only its owner changes a view. */
export async function editView(em: EntityManager, viewer: Viewer, id: number, patch: z.output<typeof updateSavedViewSchema>): Promise<SavedView> {
  const row = await visibleView(em, viewer, id);
  if (row.owner_id !== viewer.id) throw forbidden();
  if (patch.projectId != null && patch.projectId !== row.project_id) await requireProject(em, viewer, patch.projectId, 'view.share');
  await updateView(em, id, {
    name: patch.name ?? row.name,
    projectId: patch.projectId === undefined ? row.project_id : patch.projectId,
    query: {
      filters: patch.query ?? row.query.filters ?? {},
      layout: patch.layout ?? row.query.layout ?? 'list',
      groupBy: patch.groupBy ?? row.query.groupBy ?? 'none',
    },
  });
  return loadView(em, id);
}

/** Its owner removes a view, and so do those who may edit the project it is shared with (`project.edit`). */
export async function removeView(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
  const row = await visibleView(em, viewer, id);
  if (row.owner_id !== viewer.id) {
    const access = row.project_id != null ? await projectAccess(em, viewer, row.project_id) : null;
    if (!access || !canInProject(access.role, viewer.roles, 'project.edit')) throw forbidden();
  }
  await deleteView(em, id);
}
