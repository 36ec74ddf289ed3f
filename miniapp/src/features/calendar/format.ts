import type { Locale } from '@tracker/shared/locales';
import { useMemo } from 'react';
import type { IsoDate } from './dates.ts';

// Calendar dates are days, not instants: formatted in UTC so the day never shifts with the zone.
const day = (date: IsoDate) => new Date(`${date}T00:00:00Z`);

/** Russian month names are lower-case in running text; a heading starts with a capital. */
const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

export function formatters(locale: Locale) {
  const utc = { timeZone: 'UTC' } as const;
  const dayNum = new Intl.DateTimeFormat(locale, { ...utc, day: 'numeric' });
  const short = new Intl.DateTimeFormat(locale, { ...utc, day: 'numeric', month: 'short' });
  const long = new Intl.DateTimeFormat(locale, { ...utc, weekday: 'long', day: 'numeric', month: 'long' });
  const monthShort = new Intl.DateTimeFormat(locale, { ...utc, month: 'short' });
  const weekday = new Intl.DateTimeFormat(locale, { ...utc, weekday: 'short' });
  const month = new Intl.DateTimeFormat(locale, { ...utc, month: 'long', year: 'numeric' });
  const range = new Intl.DateTimeFormat(locale, { ...utc, day: 'numeric', month: 'short', year: 'numeric' });
  const stamp = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return {
    day: (d: IsoDate) => dayNum.format(day(d)),
    short: (d: IsoDate) => short.format(day(d)),
    long: (d: IsoDate) => long.format(day(d)),
    /** The long date as a heading (agenda days). */
    heading: (d: IsoDate) => capitalize(long.format(day(d))),
    monthShort: (d: IsoDate) => monthShort.format(day(d)),
    weekday: (d: IsoDate) => capitalize(weekday.format(day(d))),
    month: (d: IsoDate) => capitalize(month.format(day(d))),
    range: (from: IsoDate, to: IsoDate) => range.formatRange(day(from), day(to)),
    /** A timestamp from the API, in the browser's zone. */
    stamp: (iso: string) => stamp.format(new Date(iso)),
  };
}

export function useFormatters(locale: Locale) {
  return useMemo(() => formatters(locale), [locale]);
}
