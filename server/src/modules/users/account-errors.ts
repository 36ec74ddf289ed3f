// Errors of the account calls carry a statusMessage in the reader's language: the dialogs show
// the server's statusMessage as is (spec §8).
import type { ErrorCode } from '@tracker/shared/errors';
import type { Context } from 'koa';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { hitRateLimit, peekRateLimit } from '../../http/rate-limit.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requestLocale, translate } from '../mail/i18n.ts';
import type { User } from './user.entity.ts';

export function accountError(ctx: Context, status: number, code: ErrorCode, key: string, data?: Record<string, unknown>): HttpError {
  const user = ctx.state.user as User | undefined;
  return new HttpError(status, translate(requestLocale(ctx, user?.locale), `account.errors.${key}`), code, data);
}

/**
 * Refused attempts do not count: every limit is read first, and only an allowed request counts one
 * hit on each. Beyond a limit: 429 with `messageKey` and Retry-After.
 */
export async function enforceLimits(
  ctx: Context,
  em: EntityManager,
  limits: { key: string; max: number; windowSec: number }[],
  messageKey: string,
): Promise<void> {
  let retry = 0;
  for (const limit of limits) {
    const seen = await peekRateLimit(em, limit.key, limit.max, limit.windowSec);
    if (!seen.allowed) retry = Math.max(retry, seen.retryAfterSec);
  }
  if (retry === 0) {
    for (const limit of limits) {
      const hit = await hitRateLimit(em, limit.key, limit.max, limit.windowSec);
      if (!hit.allowed) retry = Math.max(retry, hit.retryAfterSec);
    }
  }
  if (retry > 0) {
    const user = ctx.state.user as User | undefined;
    throw tooManyRequests(retry, translate(requestLocale(ctx, user?.locale), `account.errors.${messageKey}`));
  }
}
