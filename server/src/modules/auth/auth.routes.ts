import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loginRequestSchema, registerRequestSchema } from '@tracker/shared/api/auth';
import { LOGIN_LIMITS, REGISTER_LIMIT_PER_IP } from '@tracker/shared/limits';
import type { Context } from 'koa';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { hitRateLimit, peekRateLimit, resetRateLimit } from '../../http/rate-limit.ts';
import { parse } from '../../http/validate.ts';
import type { User } from '../users/user.entity.ts';
import { toUserDto } from '../users/user.mapper.ts';
import type { UserService } from '../users/user.service.ts';
import type { AccountService } from '../users/account.service.ts';
import { assertStrongPassword } from '../users/password-strength.ts';

export const INVALID_CREDENTIALS = 'Invalid e-mail or password';
export const ACCOUNT_BLOCKED = 'This account has been blocked by an administrator';

/** Signs the user in on a fresh session id (no fixation). */
export async function signIn(ctx: Context, user: User) {
  if (!ctx.session) throw new Error('session middleware missing');
  ctx.session.userId = user.id;
  await ctx.session.regenerate();
  ctx.state.user = user;
}

export function authRoutes(deps: { users: UserService; em: () => EntityManager; accounts: AccountService }) {
  const router = new Router({ prefix: '/api/auth' });

  router.post('/register', async (ctx) => {
    const input = parse(registerRequestSchema, ctx.request.body);
    assertStrongPassword(ctx, input.password, input);
    const ipLimit = await hitRateLimit(deps.em(), `register:ip:${ctx.ip}`, REGISTER_LIMIT_PER_IP.max, REGISTER_LIMIT_PER_IP.windowSec);
    if (!ipLimit.allowed) throw tooManyRequests(ipLimit.retryAfterSec);
    const user = await deps.users.register(deps.em(), input);
    await deps.accounts.emailChanged(deps.em(), user);
    await signIn(ctx, user);
    ctx.status = 201;
    ctx.body = { user: toUserDto(user) };
  });

  router.post('/login', async (ctx) => {
    const input = parse(loginRequestSchema, ctx.request.body);
    const em = deps.em();
    const accountKey = `login:account:${input.email}`;
    const { perAccount, perIp } = LOGIN_LIMITS;
    // Only failures count, per IP and per account: people signing in correctly are never slowed down.
    const ipKey = `login:ip:${ctx.ip}`;
    const ip = await peekRateLimit(em, ipKey, perIp.max, perIp.windowSec);
    if (!ip.allowed) throw tooManyRequests(ip.retryAfterSec);
    const account = await peekRateLimit(em, accountKey, perAccount.max, perAccount.windowSec);
    if (!account.allowed) throw tooManyRequests(account.retryAfterSec);

    const user = await deps.users.verifyCredentials(em, input.email, input.password);
    if (!user) {
      await hitRateLimit(em, accountKey, perAccount.max, perAccount.windowSec);
      await hitRateLimit(em, ipKey, perIp.max, perIp.windowSec);
      throw new HttpError(401, INVALID_CREDENTIALS, 'invalid_credentials');
    }
    await resetRateLimit(em, accountKey);
    // Checked after the password, so a blocked account is not revealed to someone guessing.
    if (user.blockedAt) throw new HttpError(403, ACCOUNT_BLOCKED, 'account_blocked');
    await signIn(ctx, user);
    ctx.body = { user: toUserDto(user) };
  });

  router.post('/logout', async (ctx) => {
    ctx.session = null;
    ctx.status = 204;
  });

  return router;
}
