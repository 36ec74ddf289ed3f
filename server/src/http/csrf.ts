import type { Context, Next } from 'koa';
import { HttpError } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Rejects state-changing API calls that a browser marks as cross-site. Browsers always send
 * Sec-Fetch-Site or Origin on such requests; non-browser clients (bot, CLI) send neither and
 * carry no ambient cookies of a victim, so they pass.
 */
export function csrfProtection(publicUrl: string) {
  const allowed = new Set([new URL(publicUrl).origin]);
  return async (ctx: Context, next: Next) => {
    if (SAFE.has(ctx.method)) return next();
    const site = ctx.get('sec-fetch-site');
    const origin = ctx.get('origin');
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    const crossSite = site === 'cross-site' || (!!origin && origin !== ownOrigin && !allowed.has(origin));
    if (crossSite) throw new HttpError(403, 'Cross-site request refused', 'csrf');
    return next();
  };
}
