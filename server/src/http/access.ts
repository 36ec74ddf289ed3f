import { can, type Capability } from '@tracker/shared/permissions';
import type { Context, Next } from 'koa';
import type { User } from '../modules/users/user.entity.ts';
import { forbidden, unauthorized } from './errors.ts';

/** Loads the signed-in user (if any) into ctx.state.user. */
export function currentUser(load: (ctx: Context, id: number) => Promise<User | null>) {
  return async (ctx: Context, next: Next) => {
    const id = ctx.session?.userId;
    if (typeof id === 'number') {
      const user = await load(ctx, id);
      // A blocked user counts as signed out even if a session survived the block.
      if (user && !user.blockedAt) ctx.state.user = user;
      else ctx.session = null;
    }
    return next();
  };
}

export function requireUser(ctx: Context): User {
  const user = ctx.state.user as User | undefined;
  if (!user) throw unauthorized();
  return user;
}

export function requireCapability(ctx: Context, capability: Capability): User {
  const user = requireUser(ctx);
  if (!can(user.roles, capability)) throw forbidden();
  return user;
}

/** Route guard form of requireCapability. */
export function capability(cap: Capability) {
  return async (ctx: Context, next: Next) => {
    requireCapability(ctx, cap);
    return next();
  };
}
