import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inbox } from '@tracker/shared/api/contract/inbox';
import { idParam } from '@tracker/shared/api/fields';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { inboxUnread, listInbox, readAllInbox, updateInboxItem } from './inbox.service.ts';

const idSchema = idParam();

/** `/api/inbox`: the signed-in user's own items (issue 15, item 6). */
export function inboxRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, inbox.list, async (ctx, input) => {
    const user = requireViewer(ctx);
    ctx.body = await listInbox(deps.em(), user.id, await input.query());
  });

  route(router, inbox.unread, async (ctx) => {
    ctx.body = { unread: await inboxUnread(deps.em(), requireViewer(ctx).id) };
  });

  route(router, inbox.readAll, async (ctx) => {
    ctx.body = await readAllInbox(deps.em(), requireViewer(ctx).id);
  });

  route(router, inbox.update, async (ctx, input) => {
    const user = requireViewer(ctx);
    const id = parse(idSchema, ctx.params.id);
    ctx.body = await updateInboxItem(deps.em(), user.id, id, await input.body());
  });

  return router;
}
