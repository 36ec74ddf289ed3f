// Calls a personal access token may never make, whatever its scope: sign-in and sign-out, making or
// revoking tokens, changing the account (docs/api-tokens.md). They are marked on their declarations
// (`sessionOnly` in shared/src/api/contract) and the check sits first on the routes that serve
// them, so whichever spelling of a path the router matched, the handler is behind the check.
import type Router from '@koa/router';
import { everyEndpoint, pathShape } from './declared-routes.ts';
import type { AnyEndpoint } from '@tracker/shared/api/contract/endpoint';
import { DomainError } from '@tracker/shared/domain-errors';
import type { Context, Next } from 'koa';
import { bearerCaller } from './bearer.ts';

/** Refuses a token call of `methods` (a session-only GET refuses HEAD too). */
export function refuseTokens(methods: ReadonlySet<string>) {
  return (ctx: Context, next: Next) => {
    if (bearerCaller(ctx) && methods.has(ctx.method)) throw new DomainError('forbidden', { code: 'session_required', key: 'errors.apiTokens.sessionRequired' });
    return next();
  };
}

/**
 * Puts `refuseTokens` first on every route layer that serves a session-only declaration. Returns
 * how many layers it guarded (each declaration's route is registered once: the contract test).
 */
export function guardSessionOnly(routers: readonly Router[], endpoints: readonly AnyEndpoint[] = everyEndpoint()): number {
  const sessionOnly = new Map<string, Set<string>>();
  for (const e of endpoints) {
    if (!e.docs?.sessionOnly) continue;
    const methods = sessionOnly.get(pathShape(e.path)) ?? new Set<string>();
    methods.add(e.method);
    if (e.method === 'GET') methods.add('HEAD');
    sessionOnly.set(pathShape(e.path), methods);
  }
  let guarded = 0;
  for (const router of routers) {
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string') continue;
      const methods = sessionOnly.get(pathShape(layer.path));
      const refused = methods && new Set(layer.methods.filter((m) => methods.has(m)));
      if (!refused?.size) continue;
      layer.stack.unshift(refuseTokens(refused));
      guarded += 1;
    }
  }
  return guarded;
}
