import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createApiTokenSchema } from '@tracker/shared/api/api-tokens';
import { idSchema } from '@tracker/shared/api/common';
import { apiTokens } from '@tracker/shared/api/contract/api-tokens';
import { requireViewer } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts';

/** `/api/tokens`: the caller's own personal access tokens. Writes need a session (modules/api-tokens/bearer.ts refuses token calls). */
export function apiTokenRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  router.get(apiTokens.list.path, async (ctx) => {
    ctx.body = { tokens: await listApiTokens(deps.em(), requireViewer(ctx).id) };
  });

  router.post(apiTokens.create.path, async (ctx) => {
    const viewer = requireViewer(ctx);
    const { token, apiToken } = await createApiToken(deps.em(), viewer.id, parse(createApiTokenSchema, ctx.request.body));
    ctx.status = 201;
    ctx.body = { id: apiToken.id, token, apiToken };
  });

  router.delete(apiTokens.revoke.path, async (ctx) => {
    await revokeApiToken(deps.em(), requireViewer(ctx).id, parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
