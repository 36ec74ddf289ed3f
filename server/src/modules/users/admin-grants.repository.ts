// The admin role as ADMIN_EMAILS grants it (admin_email_grants, users.roles): typed statements
// (db/kysely.ts), each grant or release one statement.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/**
 * Records a grant for the user's confirmed address if it is among `lowerEmails` (non-empty, lower
 * case) and was never granted, and adds the admin role in the same statement; true if it did.
 */
export async function grantAdminForListedEmail(em: EntityManager, userId: number, lowerEmails: readonly string[]): Promise<boolean> {
  const rows = await kysely(em)
    .with('granted', (db) =>
      db
        .insertInto('admin_email_grants')
        .columns(['user_id', 'email'])
        .expression(
          db
            .selectFrom('users')
            .select((eb) => ['id', eb.fn<string>('lower', ['email']).as('email')])
            .where('id', '=', userId)
            .where('email', 'is not', null)
            .where('email_confirmed_at', 'is not', null)
            .where((eb) => eb(eb.fn('lower', ['email']), 'in', lowerEmails)),
        )
        .onConflict((oc) => oc.doNothing())
        .returning('user_id'),
    )
    .updateTable('users')
    .set({ roles: sql<string[]>`case when 'admin' = any(roles) then roles else array_append(roles, 'admin') end`, updated_at: sql<string>`now()` })
    .where('id', 'in', (eb) => eb.selectFrom('granted').select('user_id'))
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Releases the role that address `oldEmail` gave (if it still holds it), removing it from the user in the same statement. */
export async function releaseAdminOfEmail(em: EntityManager, userId: number, oldEmail: string): Promise<void> {
  await kysely(em)
    .with('released', (db) =>
      db
        .updateTable('admin_email_grants')
        .set({ holds_role: false })
        .where('user_id', '=', userId)
        .where('email', '=', sql<string>`lower(${oldEmail})`)
        .where((eb) => eb.ref('holds_role'))
        .returning('user_id'),
    )
    .updateTable('users')
    .set({ roles: sql<string[]>`array_remove(roles, 'admin')`, updated_at: sql<string>`now()` })
    .where('id', 'in', (eb) => eb.selectFrom('released').select('user_id'))
    .execute();
}

/** No grant of the user holds the role any more (an admin set it by hand). */
export async function releaseAdminGrants(em: EntityManager, userId: number): Promise<void> {
  await kysely(em).updateTable('admin_email_grants').set({ holds_role: false }).where('user_id', '=', userId).where((eb) => eb.ref('holds_role')).execute();
}
