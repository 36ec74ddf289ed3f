// The one typed way to SQL (issue 28): Kysely on MikroORM's connection, typed by the migrated tables
// (database.ts, made by `npm run db:types`). Inside `em.transactional` it runs in the transaction;
// its statements go out bound and prepared like every other (bound-driver.ts). Repositories only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { DB } from './database.ts';

export type Database = Kysely<DB>;

export const kysely = (em: EntityManager): Database => em.getKysely<DB>();
