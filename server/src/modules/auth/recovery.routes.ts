// Password recovery: the same answer whether or not the e-mail has an account (no enumeration);
// a single-use link valid for an hour; a reset ends every other session and every token of that user.
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { session } from '@tracker/shared/api/contract/session';
import { PASSWORD_RESET_TTL_SEC, RECOVER_PASSWORD_LIMITS } from '@tracker/shared/limits';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { route } from '../../http/route.ts';
import { revokeAllApiTokens } from '../api-tokens/api-tokens.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { accountError, enforceLimits } from '../users/account-errors.ts';
import { passwordOwner, setPasswordHash } from '../users/password.repository.ts';
import { assertStrongPassword } from '../users/password-strength.ts';
import { consumeToken, issueToken } from '../users/tokens.ts';
import { toUserDto } from '../users/user.mapper.ts';
import { hashPassword } from '../users/user.service.ts';
import { signIn } from './auth.routes.ts';
import { endSessions } from '../users/sessions.ts';
import { accountByEmail, accountById } from './accounts.repository.ts';

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
    if (perAddress.allowed) {
      const user = await accountByEmail(em, email);
      if (user?.email) {
        await em.transactional(async (tx) => {
          const token = await issueToken(tx as EntityManager, user.id, 'password_reset', PASSWORD_RESET_TTL_SEC);
          await deps.mail.queueTemplate(tx as EntityManager, 'resetPassword', { email: user.email!, name: user.name, locale: user.locale }, `/user/reset-password?token=${encodeURIComponent(token)}`);
        });
      }
    }
    ctx.status = 204;
  });

  route(router, session.resetPassword, async (ctx, input) => {
    const reset = await input.body();
    const em = deps.em();
    const passwordHash = await hashPassword(reset.password);
    const result = await em.transactional(async (tx) => {
      const t = tx as EntityManager;
      const check = await consumeToken(t, reset.token, 'password_reset');
      if (check.status !== 'ok') return check;
      // A refused password rolls the transaction back: the link still works for a better one.
      assertStrongPassword(ctx, reset.password, (await passwordOwner(t, check.userId)) ?? {});
      await setPasswordHash(t, check.userId, passwordHash);
      // Every session and token of the user ends; this browser gets a fresh session below.
      await endSessions(t, check.userId);
      await revokeAllApiTokens(t, check.userId);
      return check;
    });
    if (result.status !== 'ok') {
      const [code, key] = TOKEN_ERRORS[result.status];
      throw accountError(ctx, 400, code, key);
    }
    const user = await accountById(em, result.userId);
    await signIn(ctx, user);
    ctx.body = { user: toUserDto(user) };
  });

  return router;
}
