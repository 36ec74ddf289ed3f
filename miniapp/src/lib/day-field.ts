// The text of a date box (components/DateInput.tsx): a day as people write it in the app's language
// and its locale (spec §9: ru-RU, en-US), as every other date of the app shows it: 26.11.2026 /
// 11/26/2026. Built by hand rather than by Intl, so that the parser below reads back exactly what the
// box shows in every browser. The value stays `YYYY-MM-DD` or '' (none).
import type { Locale } from '@tracker/shared/locales';
import { isIsoDate, type IsoDate } from './iso-dates.ts';

const SEPARATOR: Record<Locale, string> = { ru: '.', en: '/' };

/** '2026-11-26' → '26.11.2026' (ru) / '11/26/2026' (en); '' stays ''. */
export function formatDayField(date: IsoDate | '', locale: Locale): string {
  if (!isIsoDate(date)) return '';
  const [y, m, d] = date.split('-');
  return (locale === 'en' ? [m, d, y] : [d, m, y]).join(SEPARATOR[locale]);
}

export type DayFieldResult = { ok: true; value: IsoDate | '' } | { ok: false; problem: 'format' | 'min' | 'max' };

// Three numbers, the year last, with any of the usual separators: day first in Russian, month first
// in English; a two-digit year is this century's.
const THREE_PARTS = /^(\d{1,2})\s*[./\-\s]\s*(\d{1,2})\s*[./\-\s]\s*(\d{4}|\d{2})$/;

/**
 * What the user typed, as a day: the box's own form, or ISO `yyyy-mm-dd` (what tests and a paste from
 * the API hold). Empty is none. A day that does not exist or lies outside `min`..`max` is refused.
 */
export function parseDayField(text: string, locale: Locale, bounds: { min?: IsoDate; max?: IsoDate } = {}): DayFieldResult {
  const typed = text.trim();
  if (!typed) return { ok: true, value: '' };
  const value = isIsoDate(typed) ? typed : threeParts(typed, locale);
  if (!value) return { ok: false, problem: 'format' };
  if (bounds.min && value < bounds.min) return { ok: false, problem: 'min' };
  if (bounds.max && value > bounds.max) return { ok: false, problem: 'max' };
  return { ok: true, value };
}

function threeParts(typed: string, locale: Locale): IsoDate | null {
  const m = THREE_PARTS.exec(typed);
  if (!m) return null;
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  const [day, month] = locale === 'en' ? [m[2]!, m[1]!] : [m[1]!, m[2]!];
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
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
