import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { account } from '@tracker/shared/api/contract/session';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { notificationSettings, saveNotificationSettings } from './settings.service.ts';

/** `GET/PUT /api/user/notification-settings`: the signed-in user's Telegram notification settings. */
export function notificationSettingsRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, account.notificationSettings, async (ctx) => {
    ctx.body = await notificationSettings(deps.em(), requireUser(ctx).id);
  });

  route(router, account.updateNotificationSettings, async (ctx, input) => {
    const user = requireUser(ctx);
    ctx.body = await saveNotificationSettings(deps.em(), user.id, await input.body());
  });
  return router;
}
