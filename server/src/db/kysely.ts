// The one typed way to SQL (issue 28): Kysely on MikroORM's connection, typed by the migrated tables
// (database.ts, made by `npm run db:types`). Inside `em.transactional` it runs in the transaction;
// its statements go out bound and prepared like every other (bound-driver.ts). Repositories only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { DB } from './database.ts';

export type Database = Kysely<DB>;

export const kysely = (em: EntityManager): Database => em.getKysely<DB>();

/**
 * Kysely on the pool, outside any transaction `em` is in: for a statement that must commit on its
 * own at once, whatever the caller rolls back (a rate limit's hit, a session's row).
 */
export const kyselyOnPool = (em: EntityManager): Database => em.getConnection().getClient<DB>();
