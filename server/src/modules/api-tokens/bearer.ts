// `Authorization: Bearer trk_…` on /api calls: the token's owner becomes the caller, with the same
// permission checks as in a session (docs/api-tokens.md). Runs before the CSRF check, the body
// parser and the session: a refused token costs no body read, and a token call touches no cookie.
// Calls that need a session whatever the scope are refused on their routes (http/session-only.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { API_TOKEN_PATTERN } from '@tracker/shared/api/api-tokens';
import { DomainError, rateLimited } from '@tracker/shared/domain-errors';
import type { ErrorCode } from '@tracker/shared/errors';
import type { Context, Next } from 'koa';
import { isApiPath } from '../../http/api-path.ts';
import { setBearerUserRow } from '../../http/bearer.ts';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { hashSecretToken } from '../../secret-token.ts';
import { tokenWithOwner, touchToken } from './bearer.repository.ts';

/** Methods a `read` token may use: they change nothing. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `lastUsedAt` is written at most this often per token, so reads do not all become writes. */
export const LAST_USED_EVERY_SEC = 60;

function refuse(ctx: Context, code: ErrorCode, reason: string): DomainError {
  // RFC 6750 §3: a 401 for a bearer token says which scheme and why.
  ctx.set('WWW-Authenticate', `Bearer realm="tracker", error="invalid_token"`);
  return new DomainError('unauthorized', { code, key: `errors.apiTokens.${reason}` });
}

export function bearerAuth(deps: { em: () => EntityManager; rateLimit: () => { max: number; windowSec: number } }) {
  return async (ctx: Context, next: Next) => {
    const header = ctx.get('authorization');
    if (!header || !isApiPath(ctx.path)) return next();
    const match = /^bearer(?:\s+(.*))?$/i.exec(header.trim());
    // Another scheme (Basic…) is not ours: the call goes on as without the header.
    if (!match) return next();
    const token = (match[1] ?? '').trim();
    if (!API_TOKEN_PATTERN.test(token)) throw refuse(ctx, 'token_invalid', 'invalid');
    const em = deps.em();
    const row = await tokenWithOwner(em, hashSecretToken(token), LAST_USED_EVERY_SEC);
    if (!row) throw refuse(ctx, 'token_invalid', 'invalid');
    if (row.token_revoked) throw refuse(ctx, 'token_invalid', 'revoked');
    if (row.token_expired) throw refuse(ctx, 'token_expired', 'expired');
    if (row.blocked_at != null) throw refuse(ctx, 'account_blocked', 'ownerBlocked');
    // Known from here on (the request log names it), even if the call is refused below.
    const { token_id: tokenId, token_scope: scope, token_revoked: _r, token_expired: _e, token_stale: _s, password_hash: _secret, ...user } = row;
    setBearerUserRow(ctx, user);
    ctx.state.apiToken = { tokenId, userId: user.id, scope };

    // Keyed by the token alone: a busy script slows down only itself, never its owner's browser or other tokens.
    const { max, windowSec } = deps.rateLimit();
    const limit = await hitRateLimit(em, `api-token:${tokenId}`, max, windowSec);
    if (!limit.allowed) throw rateLimited(limit.retryAfterSec, { key: 'errors.apiTokens.rateLimited' });
    if (scope === 'read' && !SAFE.has(ctx.method)) throw new DomainError('forbidden', { code: 'token_scope', key: 'errors.apiTokens.readOnly' });

    if (row.token_stale) await touchToken(em, tokenId, LAST_USED_EVERY_SEC);
    return next();
  };
}
