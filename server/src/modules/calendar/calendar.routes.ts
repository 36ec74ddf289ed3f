import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { calendar } from '@tracker/shared/api/contract/calendar';
import type { Context } from 'koa';
import type { Config } from '../../config.ts';
import { requireUser } from '../../http/access.ts';
import { bearerCaller } from '../../http/bearer.ts';
import { notFound, rateLimited } from '@tracker/shared/domain-errors';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import type { Viewer } from '../projects/project-access.ts';
import { calendarIssues, feedCalendar } from './calendar.service.ts';
import { createFeed, listFeeds, revokeFeed } from './feeds.service.ts';
import { hashSecretToken } from '../../secret-token.ts';
import { buildIcs } from './ics.ts';

/** The ICS route checks a secret, so each token+IP pair gets this many requests a minute. */
export const ICS_RATE_LIMIT = { max: 60, windowSec: 60 } as const;

const viewerOf = (ctx: Context): Viewer => {
  const user = requireUser(ctx);
  return { id: user.id, roles: user.roles ?? [] };
};

export function calendarRoutes(deps: { em: () => EntityManager; config: Pick<Config, 'PUBLIC_URL'> }) {
  const router = new Router();
  const publicUrl = deps.config.PUBLIC_URL;

  route(router, calendar.issues, async (ctx, input) => {
    const viewer = viewerOf(ctx);
    const q = await input.query();
    ctx.body = { issues: await calendarIssues(deps.em(), viewer, { from: q.from, to: q.to, mine: q.mine === '1', projectId: q.project, streamId: q.stream }) };
  });

  route(router, calendar.feeds, async (ctx) => {
    ctx.body = { feeds: await listFeeds(deps.em(), viewerOf(ctx).id) };
  });

  route(router, calendar.createFeed, async (ctx, input) => {
    const viewer = viewerOf(ctx);
    const { feed, token } = await createFeed(deps.em(), viewer, await input.body(), bearerCaller(ctx)?.tokenId ?? null);
    ctx.status = 201;
    ctx.body = { feed, url: `${publicUrl}/ics/${token}.ics` };
  });

  route(router, calendar.revokeFeed, async (ctx) => {
    await revokeFeed(deps.em(), viewerOf(ctx).id, parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  // Public: calendar apps fetch it without a session; the token in the path is the credential.
  route(router, calendar.ics, async (ctx) => {
    const token = ctx.params.token ?? '';
    const em = deps.em();
    const limit = await hitRateLimit(em, `ics:${hashSecretToken(token)}:${ctx.ip}`, ICS_RATE_LIMIT.max, ICS_RATE_LIMIT.windowSec);
    if (!limit.allowed) throw rateLimited(limit.retryAfterSec);
    const found = await feedCalendar(em, token);
    if (!found) throw notFound('feed');
    const { feed, issues } = found;
    const name = feed.scopeName ? `Tracker: ${feed.scopeName}` : `Tracker: ${feed.owner.name}`;
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('Content-Disposition', 'inline; filename="tracker.ics"');
    ctx.body = buildIcs({ name, publicUrl, locale: feed.owner.locale, issues });
  });

  return router;
}
