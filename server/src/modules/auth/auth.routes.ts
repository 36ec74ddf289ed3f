import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { session } from '@tracker/shared/api/contract/session';
import { rateLimited } from '@tracker/shared/domain-errors';
import { REGISTER_LIMIT_PER_IP } from '@tracker/shared/limits';
import type { Context } from 'koa';
import { HttpError } from '../../http/errors.ts';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { route } from '../../http/route.ts';
import type { User } from '../users/user.entity.ts';
import { toUserDto } from '../users/user.mapper.ts';
import type { UserService } from '../users/user.service.ts';
import type { AccountService } from '../users/account.service.ts';
import { beginAttempt, rememberDevice } from './login-throttle.ts';
import { assertStrongPassword } from '../users/password-strength.ts';

export const INVALID_CREDENTIALS = 'Invalid e-mail or password';
export const ACCOUNT_BLOCKED = 'This account has been blocked by an administrator';

/** Signs the user in on a fresh session id (no fixation); the browser becomes a known device of the account. */
export async function signIn(ctx: Context, user: User) {
  if (!ctx.session) throw new Error('session middleware missing');
  ctx.session.userId = user.id;
  await ctx.session.regenerate();
  ctx.state.user = user;
  rememberDevice(ctx, user.id);
}

export function authRoutes(deps: { users: UserService; em: () => EntityManager; accounts: AccountService }) {
  const router = new Router();

  route(router, session.register, async (ctx, input) => {
    const registration = await input.body();
    assertStrongPassword(ctx, registration.password, registration);
    const ipLimit = await hitRateLimit(deps.em(), `register:ip:${ctx.ip}`, REGISTER_LIMIT_PER_IP.max, REGISTER_LIMIT_PER_IP.windowSec);
    if (!ipLimit.allowed) throw rateLimited(ipLimit.retryAfterSec);
    const user = await deps.users.register(deps.em(), registration);
    await deps.accounts.emailChanged(deps.em(), user);
    await signIn(ctx, user);
    ctx.status = 201;
    ctx.body = { user: toUserDto(user) };
  });

  route(router, session.login, async (ctx, input) => {
    const credentials = await input.body();
    const em = deps.em();
    const attempt = await beginAttempt(ctx, em, credentials.email);
    if (!attempt.allowed) throw rateLimited(attempt.retryAfterSec, { code: 'login_throttled', key: 'auth.throttled', params: { count: attempt.retryAfterSec } });

    const user = await deps.users.verifyCredentials(em, credentials.email, credentials.password);
    if (!user) throw new HttpError(401, INVALID_CREDENTIALS, 'invalid_credentials');
    await attempt.succeeded();
    // Checked after the password, so a blocked account is not revealed to someone guessing.
    if (user.blockedAt) throw new HttpError(403, ACCOUNT_BLOCKED, 'account_blocked');
    await signIn(ctx, user);
    ctx.body = { user: toUserDto(user) };
  });

  route(router, session.logout, async (ctx) => {
    ctx.session = null;
    ctx.status = 204;
  });

  return router;
}
