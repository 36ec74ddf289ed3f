import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { invites } from '@tracker/shared/api/contract/invites';
import { idParam } from '@tracker/shared/api/fields';
import { inviteTokenParam } from '@tracker/shared/api/invites';
import { requireUser, requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import type { InviteService } from './invite.service.ts';

const idSchema = idParam();

/** Invites to a project and joining by one (issue 26; docs/api.md "Invites"). */
export function inviteRoutes(deps: { em: () => EntityManager; service: InviteService }) {
  const router = new Router();
  const { service } = deps;

  route(router, invites.list, async (ctx) => {
    ctx.body = { invites: await service.list(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id)) };
  });

  route(router, invites.create, async (ctx, input) => {
    const user = requireUser(ctx);
    const projectId = parse(idSchema, ctx.params.id);
    const invite = await input.body();
    ctx.status = 201;
    ctx.body = await service.create(deps.em(), { id: user.id, roles: user.roles, name: user.name, locale: user.locale }, projectId, invite);
  });

  route(router, invites.revoke, async (ctx) => {
    await service.revoke(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id), parse(idSchema, ctx.params.inviteId));
    ctx.status = 204;
  });

  route(router, invites.preview, async (ctx) => {
    const viewer = (ctx.state.viewer ?? ctx.state.user ?? null) as Parameters<InviteService['preview']>[1];
    ctx.body = await service.preview(deps.em(), viewer, parse(inviteTokenParam, ctx.params.token));
  });

  route(router, invites.accept, async (ctx) => {
    ctx.body = await service.accept(deps.em(), requireViewer(ctx), parse(inviteTokenParam, ctx.params.token), 'link');
  });

  return router;
}
