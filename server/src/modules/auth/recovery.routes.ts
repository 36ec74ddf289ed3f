// Password recovery: the same answer whether or not the e-mail has an account (no enumeration);
// a single-use link valid for an hour; a reset ends every other session and every token of that user.
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { session } from '@tracker/shared/api/contract/session';
import { RECOVER_PASSWORD_LIMITS } from '@tracker/shared/limits';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { route } from '../../http/route.ts';
import type { MailService } from '../mail/mail.service.ts';
import { accountError, enforceLimits } from '../users/account-errors.ts';
import { assertStrongPassword } from '../users/password-strength.ts';
import { toUserDto } from '../users/user.mapper.ts';
import { signIn } from './auth.routes.ts';
import { mailPasswordReset, resetPassword } from './password.service.ts';

const TOKEN_ERRORS = { invalid: ['token_invalid', 'tokenInvalid'], expired: ['token_expired', 'tokenExpired'], used: ['token_used', 'tokenUsed'] } as const;

export function recoveryRoutes(deps: { em: () => EntityManager; mail: MailService }) {
  const router = new Router();

  route(router, session.recoverPassword, async (ctx, input) => {
    const { email } = await input.body();
    const em = deps.em();
    const { perIp, perEmail } = RECOVER_PASSWORD_LIMITS;
    // Per IP is safe to report; per e-mail is silent (a 429 would tell that the address is known).
    await enforceLimits(ctx, em, [{ key: `recover:ip:${ctx.ip}`, ...perIp }], 'tooManyRequests');
    const perAddress = await hitRateLimit(em, `recover:email:${email}`, perEmail.max, perEmail.windowSec);
    if (perAddress.allowed) await mailPasswordReset(em, deps.mail, email);
    ctx.status = 204;
  });

  route(router, session.resetPassword, async (ctx, input) => {
    const reset = await input.body();
    const result = await resetPassword(deps.em(), reset.token, reset.password, (password, owner) => assertStrongPassword(ctx, password, owner));
    if (result.status !== 'ok') {
      const [code, key] = TOKEN_ERRORS[result.status];
      throw accountError(ctx, 400, code, key);
    }
    // This browser gets a fresh session: every other one ended with the reset.
    await signIn(ctx, result.user);
    ctx.body = { user: toUserDto(result.user) };
  });

  return router;
}
