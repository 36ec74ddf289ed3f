import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../logger.ts';
import { isApiPath, isFeedPath } from './api-path.ts';
import { bearerCaller } from './bearer.ts';

const isStaticFile = (path: string) => !isApiPath(path) && !isFeedPath(path) && /\.\w+$/.test(path);

/**
 * Paths whose last part is a secret, as the routers match them (any letter case): a calendar feed's
 * token (`/ics/<token>.ics`, anyone holding it reads the calendar) and a Telegram link token
 * (`/api/telegram/link/<token>`, whoever sends it to the bot first links their Telegram).
 */
const SECRET_PATHS = [/^(\/ics\/).+?(\.ics)?$/i, /^(\/api\/telegram\/link\/)[^/]+(\/?)$/i];
export const maskedPath = (path: string) => SECRET_PATHS.reduce((p, re) => p.replace(re, (_, head: string, tail = '') => `${head}[redacted]${tail}`), path);

/** A request id per request (echoed in X-Request-Id); the query string is never logged (tokens live there), secrets in a path are masked. */
export function requestLog(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('x-request-id');
    ctx.state.reqId = /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.state.reqId);
    const started = performance.now();
    try {
      await next();
    } finally {
      // Static files (the web app's assets, icons, sw.js) would drown the requests that matter.
      const level = ctx.status < 400 && isStaticFile(ctx.path) ? 'debug' : 'info';
      // A token call names its token (never the secret), so an owner's question "what did my script do" has an answer.
      const token = bearerCaller(ctx)?.tokenId;
      logger[level]({ reqId: ctx.state.reqId, method: ctx.method, path: maskedPath(ctx.path), status: ctx.status, ms: Math.round(performance.now() - started), ...(token && { apiTokenId: token }) }, 'request');
    }
  };
}
