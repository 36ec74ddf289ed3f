import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inbox } from '@tracker/shared/api/contract/inbox';
import { idParam } from '@tracker/shared/api/fields';
import { inboxQuerySchema, updateInboxItemSchema } from '@tracker/shared/api/inbox';
import { requireViewer } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { inboxUnread, listInbox, readAllInbox, updateInboxItem } from './inbox.service.ts';

const idSchema = idParam();

/** `/api/inbox`: the signed-in user's own items (issue 15, item 6). */
export function inboxRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  router.get(inbox.list.path, async (ctx) => {
    const user = requireViewer(ctx);
    ctx.body = await listInbox(deps.em(), user.id, parse(inboxQuerySchema, ctx.query));
  });

  router.get(inbox.unread.path, async (ctx) => {
    ctx.body = { unread: await inboxUnread(deps.em(), requireViewer(ctx).id) };
  });

  router.post(inbox.readAll.path, async (ctx) => {
    ctx.body = await readAllInbox(deps.em(), requireViewer(ctx).id);
  });

  router.patch(inbox.update.path, async (ctx) => {
    const user = requireViewer(ctx);
    const id = parse(idSchema, ctx.params.id);
    ctx.body = await updateInboxItem(deps.em(), user.id, id, parse(updateInboxItemSchema, ctx.request.body));
  });

  return router;
}
