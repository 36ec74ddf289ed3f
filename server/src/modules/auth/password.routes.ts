// Password change (your own, or an admin's for another user): it ends the user's other sessions,
// so it belongs with the sessions, not with the profile.
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { verify } from '@node-rs/argon2';
import { changePasswordRequestSchema } from '@tracker/shared/api/account';
import { idSchema } from '@tracker/shared/api/common';
import { forbidden } from '@tracker/shared/domain-errors';
import { can } from '@tracker/shared/permissions';
import { requireUser } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { accountError } from '../users/account-errors.ts';
import { setPasswordHash } from '../users/password.repository.ts';
import { assertStrongPassword } from '../users/password-strength.ts';
import { User } from '../users/user.entity.ts';
import { hashPassword } from '../users/user.service.ts';
import { currentSessionId, endSessions } from '../users/sessions.ts';

export function passwordRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  router.post('/api/user/change-password/:id', async (ctx) => {
    const me = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const own = id === me.id;
    if (!own && !can(me.roles, 'admin.users')) throw forbidden();
    const input = parse(changePasswordRequestSchema, ctx.request.body);
    const em = deps.em();
    const target = await em.findOne(User, { id }, { populate: ['passwordHash'] });
    if (!target) throw accountError(ctx, 404, 'not_found', 'userNotFound');
    // Your own password needs the current one (a Telegram-only account has none to give).
    if (own && target.passwordHash) {
      const ok = await verify(target.passwordHash, input.currentPassword ?? '').catch(() => false);
      if (!ok) throw accountError(ctx, 400, 'wrong_password', 'wrongPassword', { field: 'currentPassword' });
    }
    assertStrongPassword(ctx, input.password, target);
    const passwordHash = await hashPassword(input.password);
    await em.transactional(async (tx) => {
      await setPasswordHash(tx as EntityManager, id, passwordHash);
      await endSessions(tx as EntityManager, id, own ? currentSessionId(ctx) : null);
    });
    ctx.status = 204;
  });

  return router;
}
