// The rows behind session cookies, as a user's sessions end: typed statements (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';

/** Deletes every session of the user but `keepSessionId` (null: all of them). */
export async function deleteSessionsOf(em: EntityManager, userId: number, keepSessionId: string | null = null): Promise<void> {
  await kysely(em).deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepSessionId ?? '').execute();
}

/** Deletes every session of the user (blocked). */
export async function deleteAllSessionsOf(em: EntityManager, userId: number): Promise<void> {
  await kysely(em).deleteFrom('sessions').where('user_id', '=', userId).execute();
}
