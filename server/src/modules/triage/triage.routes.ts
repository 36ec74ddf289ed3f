import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { triage } from '@tracker/shared/api/contract/triage';
import { issueRefSchema } from '@tracker/shared/api/issues';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import type { TriageService } from './triage.service.ts';

/** Triage of a project's new issues (issue 26; docs/api.md "Triage"). */
export function triageRoutes(deps: { em: () => EntityManager; service: TriageService }) {
  const router = new Router();

  route(router, triage.list, async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = await deps.service.list(deps.em(), user, parse(idSchema, ctx.params.id));
  });

  route(router, triage.mine, async (ctx) => {
    ctx.body = await deps.service.mine(deps.em(), requireUser(ctx));
  });

  route(router, triage.act, async (ctx, input) => {
    const user = requireUser(ctx);
    const ref = parse(issueRefSchema, ctx.params.ref);
    const action = await input.body();
    ctx.body = { issue: await deps.service.act(deps.em(), user, ref, action) };
  });

  return router;
}
