import { can, type Capability } from '@tracker/shared/permissions';
import type { Locale } from '@tracker/shared/locales';
import type { Context, Next } from 'koa';
import { bearerCaller } from './bearer.ts';
import { requestCredential, type Credential } from './credential.ts';
import { forbidden, unauthorized } from './errors.ts';

/**
 * The signed-in user's entity as routes get it. http/ needs only id and roles; modules/users widens
 * this to its User entity by declaration merging (as passport does with `Express.User`), so http/
 * does not import modules/.
 */
export interface RequestUser {
  id: number;
  roles: string[];
}

/** Who is signed in, without the entity: what permission checks and cached reads need. */
export interface SignedIn {
  id: number;
  roles: string[];
  /** Their time zone and language, read with the session. */
  day?: { timeZone: string; locale: Locale };
}

export interface LoadedUser {
  viewer: SignedIn;
  blocked: boolean;
  /** The request's own managed entity, made on first use (hot cached reads never need it). */
  entity(): RequestUser;
}

/**
 * Loads the signed-in user (if any): `ctx.state.viewer`, and `ctx.state.user` as a lazy entity. A
 * personal access token's owner is signed in the same way, without a session.
 */
export function currentUser(load: (ctx: Context, id: number) => Promise<LoadedUser | null>) {
  return async (ctx: Context, next: Next) => {
    const bearer = bearerCaller(ctx);
    const id = bearer ? bearer.userId : ctx.session?.userId;
    if (typeof id === 'number') {
      const loaded = await load(ctx, id);
      // A blocked user counts as signed out even if a session survived the block.
      if (loaded && !loaded.blocked) {
        let user: RequestUser | undefined;
        ctx.state.viewer = loaded.viewer;
        Object.defineProperty(ctx.state, 'user', {
          configurable: true,
          enumerable: true,
          get: () => (user ??= loaded.entity()),
          set: (value: RequestUser) => (user = value),
        });
      } else if (bearer) throw unauthorized();
      else ctx.session = null;
    }
    return next();
  };
}

export function requireUser(ctx: Context): RequestUser {
  const user = ctx.state.user as RequestUser | undefined;
  if (!user) throw unauthorized();
  return user;
}

/** The signed-in user's id and roles (401 without one), for routes that need no entity. */
export function requireViewer(ctx: Context): SignedIn {
  const viewer = (ctx.state.viewer as SignedIn | undefined) ?? (ctx.state.user as RequestUser | undefined);
  if (!viewer) throw unauthorized();
  return viewer;
}

/** The signed-in request's session or token (401 without one), for what must outlive the request. */
export function requireCredential(ctx: Context): Credential {
  const credential = requestCredential(ctx);
  if (!credential) throw unauthorized();
  return credential;
}

export function requireCapability(ctx: Context, capability: Capability): RequestUser {
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
