// "All other sessions end" (password reset and change): their rows go, so their cookies stop working.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from 'koa';
import { loadedSessionId, SESSION_COOKIE } from '../../http/session.ts';
import { deleteSessionsOf } from './sessions.repository.ts';

/** The id of the request's own session: the one it was loaded with (header or cookie), else the signed cookie's. */
export function currentSessionId(ctx: Context): string | null {
  return loadedSessionId(ctx) ?? ctx.cookies.get(SESSION_COOKIE, { signed: true }) ?? null;
}

/** Ends every session of the user but `keepSessionId`. */
export async function endSessions(em: EntityManager, userId: number, keepSessionId: string | null = null): Promise<void> {
  await deleteSessionsOf(em, userId, keepSessionId);
}
