// The confirmation reminders' schedule (reminders): typed statements (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

const secondsFromNow = (secs: number) => sql<string>`now() + make_interval(secs => ${secs})`;

/** Sets the reminder to show first in `delaySec`, as never shown (a new row, or an existing one reset). */
export async function restartReminder(em: EntityManager, userId: number, kind: string, delaySec: number): Promise<void> {
  await kysely(em)
    .insertInto('reminders')
    .values({ user_id: userId, kind, shown_count: 0, last_shown_at: null, next_show_at: secondsFromNow(delaySec) })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({ shown_count: eb.lit(0), last_shown_at: null, next_show_at: eb.ref('excluded.next_show_at') })))
    .execute();
}

/** Gives a user without a reminder row one that first shows in `delaySec`; an existing row stays. */
export async function ensureReminder(em: EntityManager, userId: number, kind: string, delaySec: number): Promise<void> {
  await kysely(em)
    .insertInto('reminders')
    .values({ user_id: userId, kind, next_show_at: secondsFromNow(delaySec) })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Records a showing if the reminder is due, in one statement, pushing the next one to
 * base × 2^showings (capped) from now; the new next time, or undefined when not due.
 */
export async function recordShowing(em: EntityManager, userId: number, kind: string, baseIntervalSec: number, maxIntervalSec: number): Promise<string | undefined> {
  const row = await kysely(em)
    .updateTable('reminders')
    .set((eb) => ({
      shown_count: eb('shown_count', '+', eb.lit(1)),
      last_shown_at: sql<string>`now()`,
      next_show_at: sql<string>`now() + make_interval(secs => least(${maxIntervalSec}::float8, ${baseIntervalSec} * power(2, shown_count)))`,
    }))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('next_show_at', '<=', sql<string>`now()`)
    .returning('next_show_at')
    .executeTakeFirst();
  return row?.next_show_at;
}

/** When the reminder shows next, if it has a row. */
export async function nextShowing(em: EntityManager, userId: number, kind: string): Promise<string | undefined> {
  const row = await kysely(em).selectFrom('reminders').select('next_show_at').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  return row?.next_show_at;
}
