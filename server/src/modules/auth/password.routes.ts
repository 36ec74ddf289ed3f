// Password change (your own, or an admin's for another user): it ends the user's other sessions,
// so it belongs with the sessions, not with the profile.
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { verify } from '@node-rs/argon2';
import { idSchema } from '@tracker/shared/api/common';
import { account } from '@tracker/shared/api/contract/session';
import { forbidden } from '@tracker/shared/domain-errors';
import { can } from '@tracker/shared/permissions';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { accountError } from '../users/account-errors.ts';
import { setPasswordHash } from '../users/password.repository.ts';
import { assertStrongPassword } from '../users/password-strength.ts';
import { hashPassword } from '../users/user.service.ts';
import { currentSessionId, endSessions } from '../users/sessions.ts';
import { accountWithPassword } from './accounts.repository.ts';

export function passwordRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, account.changePassword, async (ctx, input) => {
    const me = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const own = id === me.id;
    if (!own && !can(me.roles, 'admin.users')) throw forbidden();
    const change = await input.body();
    const em = deps.em();
    const target = await accountWithPassword(em, id);
    if (!target) throw accountError(ctx, 404, 'not_found', 'userNotFound');
    // Your own password needs the current one (a Telegram-only account has none to give).
    if (own && target.passwordHash) {
      const ok = await verify(target.passwordHash, change.currentPassword ?? '').catch(() => false);
      if (!ok) throw accountError(ctx, 400, 'wrong_password', 'wrongPassword', { field: 'currentPassword' });
    }
    assertStrongPassword(ctx, change.password, target);
    const passwordHash = await hashPassword(change.password);
    await em.transactional(async (tx) => {
      await setPasswordHash(tx as EntityManager, id, passwordHash);
      await endSessions(tx as EntityManager, id, own ? currentSessionId(ctx) : null);
    });
    ctx.status = 204;
  });

  return router;
}
