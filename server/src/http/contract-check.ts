// The typed contract holds on the wire (issue 27): the web app trusts answers by their declared
// types and does not parse them, so where CONTRACT_CHECK_FILE is set (the e2e run, and every
// integration test's server) every JSON answer of a declared route is checked against its declared
// schema here, and each mismatch is written to that file as a JSON line; e2e/global-setup.ts and the
// integration harness's close() fail on any. Off in production.
import { appendFileSync } from 'node:fs';
import { Stream } from 'node:stream';
import type { AnyEndpoint } from '@tracker/shared/api/contract/endpoint';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { everyEndpoint, routeShape } from './declared-routes.ts';

const declared = new Map<string, AnyEndpoint>(everyEndpoint().map((e) => [routeShape(e.method, e.path), e] as const));

async function schemaOf(e: AnyEndpoint): Promise<z.ZodType | null> {
  const s = e.response;
  if (!s) return null;
  return 'load' in s ? s.load() : s;
}

export function contractCheck(file: string): Middleware {
  return async (ctx, next) => {
    await next();
    const route = (ctx as { _matchedRoute?: string })._matchedRoute;
    const body: unknown = ctx.body;
    if (!route || ctx.status < 200 || ctx.status >= 300 || body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream) return;
    const endpoint = declared.get(routeShape(ctx.method === 'HEAD' ? 'GET' : ctx.method, route));
    const schema = endpoint && (await schemaOf(endpoint));
    if (!schema) return;
    // As the client receives it: dates become strings, undefined fields vanish.
    const result = schema.safeParse(JSON.parse(JSON.stringify(body)));
    if (!result.success) appendFileSync(file, `${JSON.stringify({ route: routeShape(ctx.method, route), url: ctx.url, issues: result.error.issues.slice(0, 5) })}\n`);
  };
}
