// Spec §7: the reminder checks and the confirmation calls of the two dialogs, plus the link page's call.
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { account } from '@tracker/shared/api/contract/session';
import { RESEND_CONFIRM_LIMITS, SMS_SEND_LIMITS } from '@tracker/shared/limits';
import type { Context } from 'koa';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import type { User } from './user.entity.ts';
import { accountError, enforceLimits } from './account-errors.ts';
import type { AccountService } from './account.service.ts';
import { takeReminder } from './reminders.ts';
import { toUserDto } from './user.mapper.ts';

/** The address a confirmation link is for: the pending one, else an unconfirmed current one. */
const awaitingConfirmation = (user: User) => user.pendingEmail ?? (user.emailConfirmedAt ? null : user.email);

const TOKEN_ERRORS = { invalid: ['token_invalid', 'tokenInvalid'], expired: ['token_expired', 'tokenExpired'], used: ['token_used', 'tokenUsed'] } as const;

export function confirmRoutes(deps: { em: () => EntityManager; accounts: AccountService }) {
  const router = new Router();
  const current = (ctx: Context) => ctx.state.user as User | undefined;

  route(router, account.emailReminder, async (ctx) => {
    const user = current(ctx);
    // Spec §4 skip rules: no user, no e-mail, or already confirmed — nothing to remind of. A
    // changed address waiting for its link is something to remind of.
    if (!user || !awaitingConfirmation(user)) {
      ctx.body = { canShow: false };
      return;
    }
    const decision = await takeReminder(deps.em(), user.id, 'email');
    ctx.body = { canShow: decision.canShow };
  });

  route(router, account.resendConfirmEmail, async (ctx) => {
    const user = requireUser(ctx);
    if (!user.email && !user.pendingEmail) throw accountError(ctx, 400, 'validation', 'noEmail');
    if (!awaitingConfirmation(user)) throw accountError(ctx, 409, 'conflict', 'emailConfirmed');
    const em = deps.em();
    const { perMinute, perDay } = RESEND_CONFIRM_LIMITS;
    await enforceLimits(
      ctx,
      em,
      [
        { key: `resend-confirm:min:${user.id}`, ...perMinute },
        { key: `resend-confirm:day:${user.id}`, ...perDay },
      ],
      'resendTooOften',
    );
    await em.transactional((tx) => deps.accounts.sendEmailConfirmation(tx as EntityManager, user));
    ctx.status = 204;
  });

  route(router, account.confirmEmail, async (ctx, input) => {
    const { token } = await input.body();
    const result = await deps.accounts.confirmEmail(deps.em(), token);
    if (result.status !== 'ok') {
      const [code, key] = TOKEN_ERRORS[result.status];
      throw accountError(ctx, 400, code, key);
    }
    ctx.body = { email: result.email };
  });

  // The link mailed to the old address after an e-mail change; it ends every session, this one too.
  route(router, account.restoreEmail, async (ctx, input) => {
    const { token } = await input.body();
    const result = await deps.accounts.restoreEmail(deps.em(), token);
    if (result.status !== 'ok') {
      const [code, key] = TOKEN_ERRORS[result.status];
      throw accountError(ctx, 400, code, key);
    }
    if (ctx.session) ctx.session = null;
    ctx.body = { email: result.email };
  });

  route(router, account.phoneReminder, async (ctx) => {
    const user = current(ctx);
    if (!user) ctx.body = { canShow: false, reason: 'no_user', nextShow: null };
    else if (!user.phone) ctx.body = { canShow: false, reason: 'no_phone', nextShow: null };
    else if (user.phoneConfirmedAt) ctx.body = { canShow: false, reason: 'confirmed', nextShow: null };
    else ctx.body = await takeReminder(deps.em(), user.id, 'phone');
  });

  route(router, account.sendPhoneCode, async (ctx) => {
    const user = requireUser(ctx);
    if (!user.phone) throw accountError(ctx, 400, 'validation', 'noPhone');
    if (user.phoneConfirmedAt) throw accountError(ctx, 409, 'conflict', 'phoneConfirmed');
    const em = deps.em();
    const { perMinute, perHour } = SMS_SEND_LIMITS;
    await enforceLimits(
      ctx,
      em,
      [
        { key: `sms:user:min:${user.id}`, ...perMinute },
        { key: `sms:user:hour:${user.id}`, ...perHour },
        { key: `sms:phone:min:${user.phone}`, ...perMinute },
        { key: `sms:phone:hour:${user.phone}`, ...perHour },
      ],
      'smsTooOften',
    );
    const sent = await deps.accounts.sendPhoneCode(em, user);
    if (!sent) throw accountError(ctx, 502, 'sms_failed', 'smsFailed');
    ctx.status = 204;
  });

  route(router, account.verifyPhoneCode, async (ctx, input) => {
    const user = requireUser(ctx);
    const { code } = await input.body();
    const em = deps.em();
    const result = await deps.accounts.verifyPhoneCode(em, user, code);
    if (result !== 'ok') throw accountError(ctx, 400, 'invalid_code', 'invalidCode');
    await em.refresh(user);
    ctx.body = { user: toUserDto(user) };
  });

  return router;
}
