import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { webhooks } from '@tracker/shared/api/contract/webhooks';
import { idParam } from '@tracker/shared/api/fields';
import { deliveryIdParam } from '@tracker/shared/api/webhooks';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import type { WebhookService } from './webhook.service.ts';

const idSchema = idParam();

/** A project's outgoing webhooks and their delivery log (issue 17, item 4; docs/webhooks.md). */
export function webhookRoutes(deps: { em: () => EntityManager; service: WebhookService }) {
  const router = new Router();
  const { service } = deps;

  route(router, webhooks.list, async (ctx) => {
    ctx.body = { webhooks: await service.list(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id)) };
  });

  route(router, webhooks.create, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const projectId = parse(idSchema, ctx.params.id);
    const body = await input.body();
    ctx.status = 201;
    ctx.body = { webhook: await service.create(deps.em(), viewer, projectId, body) };
  });

  route(router, webhooks.update, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const id = parse(idSchema, ctx.params.id);
    ctx.body = { webhook: await service.update(deps.em(), viewer, id, await input.body()) };
  });

  route(router, webhooks.remove, async (ctx) => {
    await service.remove(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  route(router, webhooks.deliveries, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    ctx.body = await service.deliveries(deps.em(), viewer, parse(idSchema, ctx.params.id), await input.query());
  });

  route(router, webhooks.redeliver, async (ctx) => {
    const viewer = requireViewer(ctx);
    ctx.status = 201;
    ctx.body = { delivery: await service.redeliver(deps.em(), viewer, parse(deliveryIdParam, ctx.params.id)) };
  });

  return router;
}
