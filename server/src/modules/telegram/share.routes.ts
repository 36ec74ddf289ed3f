import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BotContext } from '@tracker/bot';
import { telegram } from '@tracker/shared/api/contract/session';
import { issueRefSchema } from '@tracker/shared/api/issues';
import type { Bot } from 'grammy';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { prepareShare } from './share.ts';

/** Share to chat (issue 26; docs/api.md "Telegram"). */
export function shareRoutes(deps: { em: () => EntityManager; bot: Bot<BotContext> | null }) {
  const router = new Router();
  route(router, telegram.share, async (ctx) => {
    const viewer = requireUser(ctx);
    const ref = parse(issueRefSchema, ctx.params.ref);
    ctx.body = await prepareShare(deps.em(), deps.bot, viewer, ref);
  });
  return router;
}

