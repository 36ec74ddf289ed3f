import { SESSION_MAX_AGE_MS } from '@tracker/shared/limits';
import type { MikroORM } from '@mikro-orm/postgresql';
import type Koa from 'koa';
import session from 'koa-session';
import type { ReadCache } from '../db/read-cache.ts';

export const SESSION_COOKIE = 'tracker.sid';

/** koa-session store backed by the `sessions` table, so any server instance can read any session. */
export function postgresSessionStore(orm: MikroORM, cache: ReadCache) {
  const sql = () => orm.em.getConnection();
  return {
    // koa-session copies the data into its own object, so a cached one is never changed.
    async get(key: string) {
      return cache.get(`session:${key}`, async () => {
        const rows = await sql().execute<{ data: Record<string, unknown> }[]>('select data from sessions where id = ? and expires_at > now()', [key]);
        return rows[0]?.data;
      });
    },
    async set(key: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined) {
      const ttl = typeof maxAge === 'number' ? maxAge : SESSION_MAX_AGE_MS;
      const userId = typeof sess.userId === 'number' ? sess.userId : null;
      await sql().execute(
        `insert into sessions (id, user_id, data, expires_at) values (?, ?, ?, now() + make_interval(secs => ?))
         on conflict (id) do update set user_id = excluded.user_id, data = excluded.data, expires_at = excluded.expires_at`,
        [key, userId, JSON.stringify(sess), ttl / 1000],
      );
      cache.invalidate();
    },
    async destroy(key: string) {
      await sql().execute('delete from sessions where id = ?', [key]);
      cache.invalidate();
    },
  };
}

export function sessionMiddleware(app: Koa, orm: MikroORM, secureCookies: boolean, cache: ReadCache) {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      httpOnly: true,
      signed: true,
      rolling: false,
      renew: true,
      store: postgresSessionStore(orm, cache),
      // The mini app runs in Telegram Web's iframe: over https the cookie must be cross-site capable.
      ...(secureCookies ? { sameSite: 'none', secure: true, partitioned: true } : { sameSite: 'lax', secure: false }),
    } as Parameters<typeof session>[0],
    app,
  );
}

declare module 'koa' {
  interface DefaultState {
    reqId: string;
  }
}
