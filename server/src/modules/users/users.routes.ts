import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { usersQuerySchema } from '@tracker/shared/api/common';
import { requireUser } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { peopleByPrefix } from './user-lookup.repository.ts';

/** The people picker: signed-in users only; matches a name (any word) or e-mail by prefix, never returns e-mails. */
export function usersRoutes(deps: { em: () => EntityManager }) {
  const router = new Router({ prefix: '/api/users' });

  router.get('/', async (ctx) => {
    requireUser(ctx);
    const { q, limit } = parse(usersQuerySchema, ctx.query);
    ctx.body = { users: await peopleByPrefix(deps.em(), q, limit) };
  });

  return router;
}
