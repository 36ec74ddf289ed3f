// Accounts as administrators search and change them: typed statements (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

export interface AdminUserRow {
  id: number;
  name: string;
  email: string | null;
  roles: string[];
  blocked_at: string | null;
  created_at: string;
}

const columns = ['id', 'name', 'email', 'roles', 'blocked_at', 'created_at'] as const;

/**
 * One page of accounts, newest first, matching `q` (empty: all) by name or address (`like` pattern
 * `pattern`, lower case) or exact id; each row carries the total count of matches.
 */
export function searchUserRows(em: EntityManager, q: string, pattern: string, limit: number, offset: number): Promise<(AdminUserRow & { total: string })[]> {
  return kysely(em)
    .selectFrom('users')
    .select([...columns, sql<string>`count(*) over ()`.as('total')])
    .$if(q !== '', (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['name']), 'like', pattern),
          eb(eb.fn('lower', [eb.fn.coalesce('email', sql.lit(''))]), 'like', pattern),
          eb(eb.cast('id', 'text'), '=', q),
        ]),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Sets or clears the admin role and the block (undefined: unchanged); the row after, undefined if there is no user `id`. */
export function updateUserFlags(em: EntityManager, id: number, change: { admin?: boolean | undefined; blocked?: boolean | undefined }): Promise<AdminUserRow | undefined> {
  return kysely(em)
    .updateTable('users')
    .$if(change.admin === true, (qb) => qb.set({ roles: sql<string[]>`case when 'admin' = any(roles) then roles else array_append(roles, 'admin') end` }))
    .$if(change.admin === false, (qb) => qb.set({ roles: sql<string[]>`array_remove(roles, 'admin')` }))
    .$if(change.blocked === true, (qb) => qb.set((eb) => ({ blocked_at: eb.fn.coalesce('blocked_at', sql<string>`now()`) })))
    .$if(change.blocked === false, (qb) => qb.set({ blocked_at: null }))
    .set({ updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .returning([...columns])
    .executeTakeFirst();
}
