import type { Locale } from '@tracker/shared/locales';
import { useMemo } from 'react';
import { formatDate, formatDay, formatDayRange, formatMonth, formatWeekday } from '../../lib/dates.ts';
import type { IsoDate } from './dates.ts';

/** Russian month names are lower-case in running text; a heading starts with a capital. */
const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

const LONG = { weekday: 'long', day: 'numeric', month: 'long' } as const;

export function formatters(locale: Locale) {
  return {
    day: (d: IsoDate) => formatDay(d, locale, { day: 'numeric' }),
    short: (d: IsoDate) => formatDay(d, locale),
    long: (d: IsoDate) => formatDay(d, locale, LONG),
    /** The long date as a heading (agenda days). */
    heading: (d: IsoDate) => capitalize(formatDay(d, locale, LONG)),
    monthShort: (d: IsoDate) => formatMonth(d, locale, { month: 'short' }),
    weekday: (d: IsoDate) => capitalize(formatWeekday(d, locale)),
    month: (d: IsoDate) => capitalize(formatMonth(d, locale)),
    range: (from: IsoDate, to: IsoDate) => formatDayRange(from, to, locale),
    /** A timestamp from the API, in the user's zone. */
    stamp: (iso: string) => formatDate(iso, locale),
  };
}

export function useFormatters(locale: Locale) {
  return useMemo(() => formatters(locale), [locale]);
}
