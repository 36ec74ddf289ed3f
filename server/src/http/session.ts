import { createHmac, timingSafeEqual } from 'node:crypto';
import { SESSION_MAX_AGE_MS } from '@tracker/shared/limits';
import type { MikroORM } from '@mikro-orm/postgresql';
import type Koa from 'koa';
import session from 'koa-session';
import { bearerCaller } from './bearer.ts';
import { deleteSession, saveSession, sessionWithUser } from './session.repository.ts';

/** The server-sent event streams: a session token may come in their query (EventSource sends no headers). */
export const EVENT_STREAMS = new Set(['/api/events', '/api/sync/stream']);

export const SESSION_COOKIE = 'tracker.sid';
/** Carries the session where the browser refuses the cookie (the mini app in Telegram Web's iframe). */
export const SESSION_TOKEN_HEADER = 'x-session-token';

const tokenSignature = (secret: string, key: string) => createHmac('sha256', secret).update(`session-token:${key}`).digest('base64url');

/** The session id with its signature, as the header carries it. */
export const sessionTokenFor = (secret: string, key: string) => `${key}.${tokenSignature(secret, key)}`;

export function sessionKeyFromToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const key = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(tokenSignature(secret, key));
  return given.length === expected.length && timingSafeEqual(given, expected) ? key : null;
}

/**
 * Requests whose sign-in leaves the session they came with alive: another account's (issue 25). A
 * tab that holds it as its header token goes on as that account; the cookie gets the new session.
 */
const keptOnSignIn = new WeakSet<object>();
export const keepReplacedSession = (ctx: object) => keptOnSignIn.add(ctx);

/** The signed-in user's row, read in the same statement as the session (see `sessionUserRow`). */
const sessionUsers = new WeakMap<object, Record<string, unknown>>();

/** The user row that came with this request's session (without the password hash), if any. */
export const sessionUserRow = (ctx: object): Record<string, unknown> | undefined => sessionUsers.get(ctx);

/** The id of the session this request was loaded with (the header's or the cookie's), if any. */
const sessionIds = new WeakMap<object, string>();
export const loadedSessionId = (ctx: object): string | undefined => sessionIds.get(ctx);

/**
 * koa-session store backed by the `sessions` table, so any server instance can read any session.
 * Reading a session also reads its user (one statement, not two), and deleting the row signs out
 * at once on every instance: nothing about a session is kept in memory between requests.
 */
export function postgresSessionStore(orm: MikroORM) {
  return {
    async get(key: string, _maxAge?: unknown, options?: { ctx?: object }) {
      const row = await sessionWithUser(orm.em, key);
      if (!row) return undefined;
      const { session_data: data, password_hash: _secret, ...user } = row;
      if (options?.ctx && user.id != null) sessionUsers.set(options.ctx, user);
      if (options?.ctx) sessionIds.set(options.ctx, key);
      return data as Record<string, unknown>;
    },
    async set(key: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined) {
      const ttl = typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS;
      const userId = typeof sess.userId === 'number' ? sess.userId : null;
      await saveSession(orm.em, key, { userId, data: sess, ttlSec: ttl / 1000 });
    },
    async destroy(key: string, options?: { ctx?: object }) {
      if (options?.ctx && keptOnSignIn.has(options.ctx)) return;
      await deleteSession(orm.em, key);
    },
  };
}

export function sessionMiddleware(app: Koa, orm: MikroORM, secureCookies: boolean, secret?: string) {
  const cookieOptions = {
    maxAge: SESSION_MAX_AGE_MS,
    httpOnly: true,
    signed: true,
    // Replace, not add to, a Set-Cookie of the same name already on the response (sign-in clears the old one first).
    overwrite: true,
    ...(secureCookies ? { sameSite: 'none' as const, secure: true, partitioned: true } : { sameSite: 'lax' as const, secure: false }),
  };
  // The session id comes from the signed `X-Session-Token` header when one is sent, else from the
  // cookie. A header is never sent by a browser on its own, so it needs no CSRF check; the cookie
  // path is unchanged. The key of a new or rotated session is kept for the sign-in response.
  const externalKey = secret
    ? {
        externalKey: {
          get: (ctx: Koa.Context) => {
            // EventSource cannot send headers: the event streams (GETs) may carry it in the query.
            const token = ctx.get(SESSION_TOKEN_HEADER) || (ctx.method === 'GET' && EVENT_STREAMS.has(ctx.path.toLowerCase()) ? String(ctx.query.session_token ?? '') : '');
            const fromHeader = token ? sessionKeyFromToken(secret, token) : null;
            return fromHeader ?? ctx.cookies.get(SESSION_COOKIE, { signed: true });
          },
          set: (ctx: Koa.Context, key: string) => {
            ctx.state.sessionKey = key;
            ctx.cookies.set(SESSION_COOKIE, key, cookieOptions);
          },
        },
      }
    : {};
  const middleware = session(
    {
      ...externalKey,
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      signed: true,
      rolling: false,
      renew: true,
      store: postgresSessionStore(orm),
      // The mini app runs in Telegram Web's iframe: over https the cookie must be cross-site capable.
      ...(secureCookies ? { sameSite: 'none', secure: true, partitioned: true } : { sameSite: 'lax', secure: false }),
    } as Parameters<typeof session>[0],
    app,
  );
  // A personal access token call has no session: no cookie is read, and none is set.
  return (ctx: Koa.Context, next: Koa.Next) => (bearerCaller(ctx) ? next() : middleware(ctx, next));
}

declare module 'koa' {
  interface DefaultState {
    reqId: string;
  }
}
