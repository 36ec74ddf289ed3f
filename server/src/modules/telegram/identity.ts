import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { isLocale, type Locale } from '@tracker/shared/locales';
import { accountOfTelegramId, telegramIdOfAccount } from './identity.repository.ts';

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
  const row = await accountOfTelegramId(em, telegramId);
  if (!row) return null;
  return { id: row.id, name: row.name, locale: isLocale(row.locale) ? row.locale : 'ru', roles: row.roles ?? [], timeZone: row.time_zone ?? DEFAULT_TIME_ZONE };
}

/** The Telegram user id linked to a tracker account, or null. */
export async function telegramIdOf(em: EntityManager, userId: number): Promise<number | null> {
  const id = await telegramIdOfAccount(em, userId);
  return id == null ? null : Number(id);
}
