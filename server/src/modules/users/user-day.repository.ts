// Whose "today" and "this week" the server means for a user: their time zone (the profile's, else
// DEFAULT_TIME_ZONE) and their language, whose week start shared/src/dates.ts decides.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { isLocale, type Locale } from '@tracker/shared/locales';
import { userZone } from '../../db/local-date.ts';

export interface UserDay {
  timeZone: string;
  locale: Locale;
}

/** The day of a `users` row that carries its profile's `time_zone` (as the session's statement reads it). */
export const dayOfRow = (row: { time_zone?: unknown; locale?: unknown } | undefined): UserDay => ({
  timeZone: typeof row?.time_zone === 'string' ? row.time_zone : DEFAULT_TIME_ZONE,
  locale: isLocale(row?.locale) ? row.locale : 'ru',
});

export async function userDay(em: EntityManager, userId: number): Promise<UserDay> {
  const zone = userZone({ sql: 'u.id', params: [] });
  const [row] = await em.execute<{ time_zone: string; locale: string }[]>(`select ${zone.sql} as time_zone, u.locale from users u where u.id = ?`, [...zone.params, userId]);
  return dayOfRow(row);
}

/** The signed-in viewer's day: read with their session when the request was, else read now. */
export async function viewerDay(em: EntityManager, viewer: { id: number; day?: UserDay }): Promise<UserDay> {
  return viewer.day ?? userDay(em, viewer.id);
}
