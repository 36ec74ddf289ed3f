import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { apiTokens } from '@tracker/shared/api/contract/api-tokens';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts';

/** `/api/tokens`: the caller's own personal access tokens. Writes need a session (modules/api-tokens/bearer.ts refuses token calls). */
export function apiTokenRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, apiTokens.list, async (ctx) => {
    ctx.body = { tokens: await listApiTokens(deps.em(), requireViewer(ctx).id) };
  });

  route(router, apiTokens.create, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const { token, apiToken } = await createApiToken(deps.em(), viewer.id, await input.body());
    ctx.status = 201;
    ctx.body = { id: apiToken.id, token, apiToken };
  });

  route(router, apiTokens.revoke, async (ctx) => {
    await revokeApiToken(deps.em(), requireViewer(ctx).id, parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
