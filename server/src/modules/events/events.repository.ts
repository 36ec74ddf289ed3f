// Live events go out through PostgreSQL NOTIFY (publish.ts says what and when): a typed statement
// (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/** Sends `payload` on `channel`; inside a transaction PostgreSQL delivers it at commit, and never after a rollback. */
export async function notifyChannel(em: EntityManager, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(kysely(em));
}
