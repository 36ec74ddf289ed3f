import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { customFields } from '@tracker/shared/api/contract/custom-fields';
import { deleteCustomFieldSchema } from '@tracker/shared/api/custom-fields';
import type { Context } from 'koa';
import { requireCapability, requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { adminField, adminFields, createField, deleteField, fieldsForProject, setArchived, updateField } from './custom-field.service.ts';

export function customFieldRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();
  const admin = (ctx: Context) => requireCapability(ctx, 'admin.customFields');
  const fieldBody = async (id: number) => ({ field: await adminField(deps.em(), id) });

  route(router, customFields.list, async (ctx, input) => {
    admin(ctx);
    const query = await input.query();
    ctx.body = { fields: await adminFields(deps.em(), { archived: query.archived, projectId: query.project }) };
  });

  route(router, customFields.create, async (ctx, input) => {
    admin(ctx);
    const id = await createField(deps.em(), await input.body());
    ctx.status = 201;
    ctx.body = await fieldBody(id);
  });

  route(router, customFields.get, async (ctx) => {
    admin(ctx);
    ctx.body = await fieldBody(parse(idSchema, ctx.params.id));
  });

  route(router, customFields.update, async (ctx, input) => {
    admin(ctx);
    const id = parse(idSchema, ctx.params.id);
    await updateField(deps.em(), id, await input.body());
    ctx.body = await fieldBody(id);
  });

  for (const [endpoint, archived] of [[customFields.archive, true], [customFields.unarchive, false]] as const) {
    route(router, endpoint, async (ctx) => {
      admin(ctx);
      const id = parse(idSchema, ctx.params.id);
      await setArchived(deps.em(), id, archived);
      ctx.body = await fieldBody(id);
    });
  }

  route(router, customFields.remove, async (ctx) => {
    admin(ctx);
    const id = parse(idSchema, ctx.params.id);
    parse(deleteCustomFieldSchema, { ...(ctx.request.body as Record<string, unknown> | undefined), ...(ctx.query.confirm !== undefined ? { confirm: ctx.query.confirm } : {}) });
    await deleteField(deps.em(), id);
    ctx.status = 204;
  });

  // Issue forms and filters: the active fields that apply to a project (or to any, without one).
  route(router, customFields.forProject, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const query = await input.query();
    ctx.body = { fields: await fieldsForProject(deps.em(), viewer, query.project) };
  });

  return router;
}
