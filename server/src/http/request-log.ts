import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '../logger.ts';
import { bearerCaller } from './bearer.ts';

const isStaticFile = (path: string) => !path.startsWith('/api/') && !path.startsWith('/ics/') && /\.\w+$/.test(path);

/** A request id per request (echoed in X-Request-Id); the query string is never logged (tokens live there). */
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
      logger[level]({ reqId: ctx.state.reqId, method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started), ...(token && { apiTokenId: token }) }, 'request');
    }
  };
}
