import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { webhooks } from '@tracker/shared/api/contract/webhooks';
import { idParam } from '@tracker/shared/api/fields';
import { createWebhookSchema, deliveriesQuerySchema, deliveryIdParam, updateWebhookSchema } from '@tracker/shared/api/webhooks';
import { requireViewer } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import type { WebhookService } from './webhook.service.ts';

const idSchema = idParam();

/** A project's outgoing webhooks and their delivery log (issue 17, item 4; docs/webhooks.md). */
export function webhookRoutes(deps: { em: () => EntityManager; service: WebhookService }) {
  const router = new Router();
  const { service } = deps;

  router.get(webhooks.list.path, async (ctx) => {
    ctx.body = { webhooks: await service.list(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id)) };
  });

  router.post(webhooks.create.path, async (ctx) => {
    const viewer = requireViewer(ctx);
    const projectId = parse(idSchema, ctx.params.id);
    const input = parse(createWebhookSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = { webhook: await service.create(deps.em(), viewer, projectId, input) };
  });

  router.patch(webhooks.update.path, async (ctx) => {
    const viewer = requireViewer(ctx);
    const id = parse(idSchema, ctx.params.id);
    ctx.body = { webhook: await service.update(deps.em(), viewer, id, parse(updateWebhookSchema, ctx.request.body)) };
  });

  router.delete(webhooks.remove.path, async (ctx) => {
    await service.remove(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  router.get(webhooks.deliveries.path, async (ctx) => {
    const viewer = requireViewer(ctx);
    ctx.body = await service.deliveries(deps.em(), viewer, parse(idSchema, ctx.params.id), parse(deliveriesQuerySchema, ctx.query));
  });

  router.post(webhooks.redeliver.path, async (ctx) => {
    const viewer = requireViewer(ctx);
    ctx.status = 201;
    ctx.body = { delivery: await service.redeliver(deps.em(), viewer, parse(deliveryIdParam, ctx.params.id)) };
  });

  return router;
}
