import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { usersQuerySchema, type UserRef } from '@tracker/shared/api/common';
import { requireUser } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';

const likePrefix = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The people picker: signed-in users only; matches a name (any word) or e-mail by prefix, never returns e-mails. */
export function usersRoutes(deps: { em: () => EntityManager }) {
  const router = new Router({ prefix: '/api/users' });

  router.get('/', async (ctx) => {
    requireUser(ctx);
    const { q, limit } = parse(usersQuerySchema, ctx.query);
    const prefix = likePrefix(q);
    const users = await deps.em().execute<UserRef[]>(
      `select id, name from users
        where ? = '' or lower(name) like ? or lower(name) like ? or lower(email) like ?
        order by lower(name), id limit ?`,
      [q, prefix, `% ${prefix}`, prefix, limit],
    );
    ctx.body = { users: users.map((u) => ({ id: u.id, name: u.name })) };
  });

  return router;
}
