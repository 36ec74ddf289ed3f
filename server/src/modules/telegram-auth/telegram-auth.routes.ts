import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { telegram } from '@tracker/shared/api/contract/session';
import type { TelegramAuthError } from '@tracker/shared/api/telegram';
import type { Context } from 'koa';
import type { Config } from '../../config.ts';
import { requireUser } from '../../http/access.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { keepReplacedSession, sessionTokenFor } from '../../http/session.ts';
import { signIn } from '../auth/auth.routes.ts';
import type { User } from '../users/user.entity.ts';
import { toUserDto } from '../users/user.mapper.ts';
import { disconnectAccount, findAccount, signedInUser, signInWithTelegram } from './account.service.ts';
import { createLinkToken, LINK_PAYLOAD_PREFIX, linkStatus, phoneStatus } from './link.service.ts';
import { verifyInitData, verifyWidget, type Verified } from './verify.ts';

export const TELEGRAM_AUTH_FAILED = 'Telegram sign-in failed';

/** Spec §7/§8: a refused sign-in answers `{ statusCode, statusMessage, error }`; the client reads `error`. */
function refuse(ctx: Context, error: TelegramAuthError) {
  const status = error === 'not_configured' ? 503 : error === 'linked_elsewhere' ? 409 : error === 'account_blocked' ? 403 : 401;
  ctx.status = status;
  ctx.body = { statusCode: status, statusMessage: TELEGRAM_AUTH_FAILED, error, data: { code: 'telegram_auth_failed', statusMessage: TELEGRAM_AUTH_FAILED, error } };
}

export function telegramAuthRoutes(deps: { em: () => EntityManager; config: Config }) {
  const { config } = deps;
  const router = new Router();
  const maxAge = config.TELEGRAM_AUTH_MAX_AGE_SEC;

  async function complete(ctx: Context, verified: Verified, kind: 'initdata' | 'widget') {
    if (!verified.ok) return refuse(ctx, verified.error);
    const em = deps.em();
    const current = ctx.state.user as User | undefined;
    const outcome = await signInWithTelegram(em, { profile: verified.profile, replayKey: `${kind}:${verified.hash}`, maxAgeSec: maxAge, currentUserId: current?.id ?? null, launch: kind === 'initdata' });
    if (!outcome.ok) return refuse(ctx, outcome.error);
    const user = await signedInUser(em, outcome.userId, config.ADMIN_EMAILS);
    // Same rule as the password sign-in: an account an admin blocked gets no session.
    if (user.blockedAt) return refuse(ctx, 'account_blocked');
    // Another account's session is left to it (a tab holding it as its header token goes on as that
    // account); the cookie, and this answer's token, get a new session of this user.
    if (current && current.id !== user.id) keepReplacedSession(ctx);
    await signIn(ctx, user);
    const key = ctx.state.sessionKey as string | undefined;
    ctx.status = outcome.created ? 201 : 200;
    ctx.body = { user: toUserDto(user), ...(key ? { sessionToken: sessionTokenFor(config.SESSION_SECRET, key) } : {}) };
  }

  route(router, telegram.callback, async (ctx, input) => {
    const body = await input.body();
    if (!config.TELEGRAM_BOT_TOKEN) return refuse(ctx, 'not_configured');
    // The signature is checked either way; the flag only says where the client found the data.
    if (body.unsafeFallback && !config.TELEGRAM_ALLOW_UNSAFE_FALLBACK) return refuse(ctx, 'unsafe_fallback_disabled');
    await complete(ctx, verifyInitData(body.tgWebAppDataRaw, config.TELEGRAM_BOT_TOKEN, maxAge), 'initdata');
  });

  route(router, telegram.widget, async (ctx, input) => {
    const body = await input.body();
    if (!config.TELEGRAM_BOT_TOKEN) return refuse(ctx, 'not_configured');
    await complete(ctx, verifyWidget(body as Record<string, string | number | boolean>, config.TELEGRAM_BOT_TOKEN, maxAge), 'widget');
  });

  route(router, telegram.account, async (ctx) => {
    ctx.body = { account: await findAccount(deps.em(), requireUser(ctx).id) };
  });

  route(router, telegram.disconnect, async (ctx) => {
    await disconnectAccount(deps.em(), requireUser(ctx).id);
    ctx.status = 204;
  });

  route(router, telegram.createLink, async (ctx) => {
    const user = requireUser(ctx);
    if (!config.TELEGRAM_BOT_USERNAME) throw new HttpError(503, 'Telegram is not configured', 'unavailable');
    const { token, expiresAt } = await createLinkToken(deps.em(), user.id);
    ctx.status = 201;
    ctx.body = { url: `https://t.me/${config.TELEGRAM_BOT_USERNAME}?start=${LINK_PAYLOAD_PREFIX}${token}`, token, expires_at: expiresAt.toISOString() };
  });

  route(router, telegram.linkStatus, async (ctx) => {
    const status = await linkStatus(deps.em(), requireUser(ctx).id, ctx.params.token!);
    if (!status) throw notFound();
    ctx.body = status;
  });

  route(router, telegram.phone, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await phoneStatus(deps.em(), requireUser(ctx).id);
  });

  return router;
}
