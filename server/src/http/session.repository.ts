// The `sessions` table as koa-session's store (session.ts) reads and writes it, on the pool: a
// session is read before the request's own work and written after it, outside its transactions.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kyselyOnPool } from '../db/kysely.ts';
import { profileZoneSql } from '../db/local-date.ts';

/**
 * A live session's data and its user, by the session's id (`?`): the one statement a signed-in
 * request starts with. Kept as this text: scripts/bench-bare.ts runs it on plain pg as the product's
 * own, and http/query-budget.test.ts finds it by it.
 */
export const SESSION_USER_SQL = `select s.data as session_data, u.*, ${profileZoneSql('u.id')} as time_zone
           from sessions s left join users u on u.id = s.user_id
          where s.id = ? and s.expires_at > now()`;

/** The session's data and its user's row (`u.*` and the profile's `time_zone`; nulls for a signed-out session), if it is live. */
export async function sessionWithUser(em: EntityManager, sessionId: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await em.getConnection().execute<Record<string, unknown>[]>(SESSION_USER_SQL, [sessionId]);
  return row;
}

/** Writes the session (a new one, or the same id again) to expire `ttlSec` from now. */
export async function saveSession(em: EntityManager, sessionId: string, session: { userId: number | null; data: unknown; ttlSec: number }): Promise<void> {
  await kyselyOnPool(em)
    .insertInto('sessions')
    .values({ id: sessionId, user_id: session.userId, data: JSON.stringify(session.data), expires_at: sql<string>`now() + make_interval(secs => ${session.ttlSec})` })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({ user_id: eb.ref('excluded.user_id'), data: eb.ref('excluded.data'), expires_at: eb.ref('excluded.expires_at') })),
    )
    .execute();
}

export async function deleteSession(em: EntityManager, sessionId: string): Promise<void> {
  await kyselyOnPool(em).deleteFrom('sessions').where('id', '=', sessionId).execute();
}
