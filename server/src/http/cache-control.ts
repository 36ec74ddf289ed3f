import type { Context, Next } from 'koa';

/**
 * A signed-in caller's JSON is theirs alone and changes with every write: no browser or proxy keeps
 * it (issue 11, L6). Routes that chose their own Cache-Control keep it.
 */
export async function noStoreWhenSignedIn(ctx: Context, next: Next) {
  await next();
  if (ctx.response.get('Cache-Control')) return;
  if (!ctx.state.viewer && typeof ctx.session?.userId !== 'number') return;
  if (ctx.response.is('json')) ctx.set('Cache-Control', 'no-store');
}
