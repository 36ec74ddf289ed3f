// The text of a date box (components/DateInput.tsx): a day as people write it in the app's language,
// day first in both (the app's English is British): 26.11.2026 / 26/11/2026. Built by hand rather
// than by Intl, whose en-US tag (LOCALE_TAGS) would put the month first, so that the parser below
// reads back exactly what the box shows in every browser. The value stays `YYYY-MM-DD` or '' (none).
import type { Locale } from '@tracker/shared/locales';
import { isIsoDate, type IsoDate } from './iso-dates.ts';

const SEPARATOR: Record<Locale, string> = { ru: '.', en: '/' };

/** '2026-11-26' → '26.11.2026' (ru) / '26/11/2026' (en); '' stays ''. */
export function formatDayField(date: IsoDate | '', locale: Locale): string {
  if (!isIsoDate(date)) return '';
  const [y, m, d] = date.split('-');
  return [d, m, y].join(SEPARATOR[locale]);
}

export type DayFieldResult = { ok: true; value: IsoDate | '' } | { ok: false; problem: 'format' | 'min' | 'max' };

// Day, month, year in either language's order, with any of the usual separators; a two-digit year is
// this century's.
const DAY_FIRST = /^(\d{1,2})\s*[./\-\s]\s*(\d{1,2})\s*[./\-\s]\s*(\d{4}|\d{2})$/;

/**
 * What the user typed, as a day: the box's own form, or ISO `yyyy-mm-dd` (what tests and a paste from
 * the API hold). Empty is none. A day that does not exist or lies outside `min`..`max` is refused.
 */
export function parseDayField(text: string, bounds: { min?: IsoDate; max?: IsoDate } = {}): DayFieldResult {
  const typed = text.trim();
  if (!typed) return { ok: true, value: '' };
  const value = isIsoDate(typed) ? typed : dayFirst(typed);
  if (!value) return { ok: false, problem: 'format' };
  if (bounds.min && value < bounds.min) return { ok: false, problem: 'min' };
  if (bounds.max && value > bounds.max) return { ok: false, problem: 'max' };
  return { ok: true, value };
}

function dayFirst(typed: string): IsoDate | null {
  const m = DAY_FIRST.exec(typed);
  if (!m) return null;
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  const iso = `${year}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** A local-midnight Date for a day (what the calendar widget counts in), and back. */
export function dayToLocalDate(date: IsoDate): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function localDateToDay(date: Date): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
