// Display of days and durations for time tracking. Dates are `YYYY-MM-DD` days: formatted in UTC so
// the reader's time zone never moves them; arithmetic is the calendar feature's (calendar/dates.ts).
import { formatDuration } from '@tracker/shared/duration-format';
import type { TFunction } from 'i18next';

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDay(date: string, locale: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })));
  return f.format(new Date(`${date}T00:00:00Z`));
}

/** `1h 30m` / `1 ч 30 мин`. */
export const duration = (minutes: number, t: TFunction) => formatDuration(minutes, (key, values) => t(key, values));
