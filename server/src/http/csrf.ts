import type { Context, Next } from 'koa';
import { bearerCaller } from './bearer.ts';
import { HttpError } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Rejects state-changing API calls that a browser marks as cross-site. Browsers always send
 * Sec-Fetch-Site or Origin on such requests; non-browser clients (bot, CLI) send neither and
 * carry no ambient cookies of a victim, so they pass. Personal access token calls pass too: a
 * browser never adds an Authorization header on its own, so a forged request cannot carry one.
 */
export function csrfProtection(publicUrl: string) {
  const allowed = new Set([new URL(publicUrl).origin]);
  return async (ctx: Context, next: Next) => {
    if (SAFE.has(ctx.method) || bearerCaller(ctx)) return next();
    const site = ctx.get('sec-fetch-site');
    const origin = ctx.get('origin');
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    const crossSite = site === 'cross-site' || (!!origin && origin !== ownOrigin && !allowed.has(origin));
    if (crossSite) throw new HttpError(403, 'Cross-site request refused', 'csrf');
    return next();
  };
}
