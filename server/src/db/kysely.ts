// The one typed way to SQL (issue 28): Kysely on MikroORM's connection, typed by the migrated tables
// (database.ts, made by `npm run db:types`). Inside `em.transactional` it runs in the transaction;
// its statements go out bound and prepared like every other (bound-driver.ts). Repositories only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from './database.ts';
import type { SqlPart } from './local-date.ts';

export type Database = Kysely<DB>;

export const kysely = (em: EntityManager): Database => em.getKysely<DB>();

/**
 * Kysely on the pool, outside any transaction `em` is in: for a statement that must commit on its
 * own at once, whatever the caller rolls back (a rate limit's hit, a session's row).
 */
export const kyselyOnPool = (em: EntityManager): Database => em.getConnection().getClient<DB>();

/**
 * A rule that is written once as SQL text with `?` for its bound values (SqlPart: project visibility
 * in projects/project-access.ts, a user's today in local-date.ts) as a piece of a typed query, its
 * values still bound. Its text holds no other `?` (no jsonb `?` operator): a count that does not
 * match is refused.
 */
export function sqlPart<T = SqlBool>(part: SqlPart): RawBuilder<T> {
  const texts = part.sql.split('?');
  if (texts.length !== part.params.length + 1) throw new Error(`${part.params.length} values for ${texts.length - 1} placeholders in: ${part.sql}`);
  return sql.join<T>(
    texts.flatMap((text, i) => (i < part.params.length ? [sql.raw(text), sql.val(part.params[i])] : [sql.raw(text)])),
    sql.raw(''),
  );
}
