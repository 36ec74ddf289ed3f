import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { isLocale, type Locale } from '@tracker/shared/locales';


export interface TelegramAccount {
  id: number;
  name: string;
  locale: Locale;
  roles: string[];
  timeZone: string;
}

/**
 * The one place that maps a Telegram user id to a tracker account (`users.telegram_id`, set when
 * the user signs in through Telegram or links it). Blocked accounts act as unlinked.
 */
export async function accountByTelegramId(em: EntityManager, telegramId: number): Promise<TelegramAccount | null> {
  const [row] = await em.execute<{ id: number; name: string; locale: string; roles: string[]; time_zone: string | null }[]>(
    `select u.id, u.name, u.locale, u.roles, ns.time_zone
       from users u left join notification_settings ns on ns.user_id = u.id
      where u.telegram_id = ? and u.blocked_at is null`,
    [telegramId],
  );
  if (!row) return null;
  return { id: row.id, name: row.name, locale: isLocale(row.locale) ? row.locale : 'ru', roles: row.roles ?? [], timeZone: row.time_zone ?? DEFAULT_TIME_ZONE };
}

/** The Telegram user id linked to a tracker account, or null. */
export async function telegramIdOf(em: EntityManager, userId: number): Promise<number | null> {
  const [row] = await em.execute<{ telegram_id: string | number | null }[]>('select telegram_id from users where id = ?', [userId]);
  return row?.telegram_id == null ? null : Number(row.telegram_id);
}
