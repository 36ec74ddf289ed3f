import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { users } from '@tracker/shared/api/contract/projects';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { pickPeople } from './user.service.ts';

/** The people picker: signed-in users only; matches a name (any word) or e-mail by prefix, never returns e-mails. */
export function usersRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, users.search, async (ctx, input) => {
    requireUser(ctx);
    const { q, limit } = await input.query();
    ctx.body = { users: await pickPeople(deps.em(), q, limit) };
  });

  return router;
}
