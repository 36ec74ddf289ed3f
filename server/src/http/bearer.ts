import type { Context } from 'koa';

/**
 * A call made with a personal access token (`Authorization: Bearer …`) rather than a session. The
 * middleware that checks tokens (modules/api-tokens/bearer.ts) sets it; the session, CSRF and
 * sign-in middleware here read it: such a call reads and sets no cookie and needs no CSRF check.
 */
export interface BearerCaller {
  tokenId: number;
  userId: number;
  scope: 'read' | 'write';
}

export const bearerCaller = (ctx: Context): BearerCaller | undefined => ctx.state.apiToken as BearerCaller | undefined;

/** The token owner's user row, read in the same statement as the token (as `sessionUserRow` does for sessions). */
const bearerUsers = new WeakMap<object, Record<string, unknown>>();
export const setBearerUserRow = (ctx: object, row: Record<string, unknown>) => bearerUsers.set(ctx, row);
export const bearerUserRow = (ctx: object): Record<string, unknown> | undefined => bearerUsers.get(ctx);
