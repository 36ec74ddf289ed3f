// Password change (your own, or an admin's for another user): it ends the user's other sessions,
// so it belongs with the sessions, not with the profile.
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { account } from '@tracker/shared/api/contract/session';
import { forbidden } from '@tracker/shared/domain-errors';
import { can } from '@tracker/shared/permissions';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { accountError } from '../users/account-errors.ts';
import { assertStrongPassword } from '../users/password-strength.ts';
import { currentSessionId } from '../users/sessions.ts';
import { changePassword } from './password.service.ts';

export function passwordRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, account.changePassword, async (ctx, input) => {
    const me = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const own = id === me.id;
    if (!own && !can(me.roles, 'admin.users')) throw forbidden();
    const change = await input.body();
    const outcome = await changePassword(
      deps.em(),
      { userId: id, own, currentPassword: change.currentPassword, password: change.password, keepSessionId: own ? currentSessionId(ctx) : null },
      (password, owner) => assertStrongPassword(ctx, password, owner),
    );
    if (outcome === 'not_found') throw accountError(ctx, 404, 'not_found', 'userNotFound');
    if (outcome === 'wrong_password') throw accountError(ctx, 400, 'wrong_password', 'wrongPassword', { field: 'currentPassword' });
    ctx.status = 204;
  });

  return router;
}
