import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { triage } from '@tracker/shared/api/contract/triage';
import { issueRefSchema } from '@tracker/shared/api/issues';
import { triageActionSchema } from '@tracker/shared/api/triage';
import { requireUser } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import type { TriageService } from './triage.service.ts';

/** Triage of a project's new issues (issue 26; docs/api.md "Triage"). */
export function triageRoutes(deps: { em: () => EntityManager; service: TriageService }) {
  const router = new Router();

  router.get(triage.list.path, async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = await deps.service.list(deps.em(), user, parse(idSchema, ctx.params.id));
  });

  router.get(triage.mine.path, async (ctx) => {
    ctx.body = await deps.service.mine(deps.em(), requireUser(ctx));
  });

  router.post(triage.act.path, async (ctx) => {
    const user = requireUser(ctx);
    const ref = parse(issueRefSchema, ctx.params.ref);
    const input = parse(triageActionSchema, ctx.request.body);
    ctx.body = { issue: await deps.service.act(deps.em(), user, ref, input) };
  });

  return router;
}
