// Which tracker account a Telegram user is, and the reverse (identity.ts holds the rule): typed
// queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';

/** The account linked to this Telegram user id, with its profile's time zone (null while none is chosen); blocked accounts are left out. */
export function accountOfTelegramId(em: EntityManager, telegramId: number) {
  return kysely(em)
    .selectFrom('users as u')
    .leftJoin('notification_settings as ns', 'ns.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.locale', 'u.roles', 'ns.time_zone'])
    .where('u.telegram_id', '=', String(telegramId))
    .where('u.blocked_at', 'is', null)
    .executeTakeFirst();
}

/** The Telegram user id linked to the account (int8, as text), or null. */
export async function telegramIdOfAccount(em: EntityManager, userId: number): Promise<string | null> {
  const row = await kysely(em).selectFrom('users').select('telegram_id').where('id', '=', userId).executeTakeFirst();
  return row?.telegram_id ?? null;
}
