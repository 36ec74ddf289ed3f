// The bot's dates: due dates typed or chosen in a chat, and how a date reads in a message. What
// "today" and "next week" are is decided in shared/src/dates.ts, for the bot as for the web app.
import { addDays, weekdayOf } from '@tracker/shared/dates';
import { LOCALE_TAGS, type Locale } from '@tracker/shared/locales';
import { formatYmd, ymdOf } from '@tracker/shared/quick-add/calendar';
import { findDates } from '@tracker/shared/quick-add/dates';

/**
 * A due date typed to the bot — `завтра`, `пт`, `25.12`, `tomorrow`, `next monday`, `next week`,
 * `2026-12-25` — read by the quick-add parser, with the week of `locale`. The whole answer must be
 * one date phrase; null otherwise.
 */
export function parseDueDate(text: string, today: string, locale: Locale): string | null {
  const input = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!input) return null;
  const whole = findDates(input, { today: ymdOf(today), locale }).find((m) => m.start === 0 && m.end === input.length);
  return whole ? formatYmd(whole.date) : null;
}

export { plusDays, snoozedDue } from '@tracker/shared/quick-add/calendar';

/** The due date buttons of `/new`, in their order. */
export const DUE_CHOICES = ['today', 'tomorrow', 'friday', 'none'] as const;
export type DueChoice = (typeof DUE_CHOICES)[number];
const FRIDAY = 5;

/** A due date button's date ("friday" is the next Friday after today, as the parser reads "пт"); null for "none" or an unknown word. */
export function dueChoiceDate(choice: string, today: string): string | null {
  if (choice === 'today') return today;
  if (choice === 'tomorrow') return addDays(today, 1);
  if (choice === 'friday') return addDays(today, (FRIDAY - weekdayOf(today) + 7) % 7 || 7);
  return null;
}

const dayMonth = new Map<Locale, Intl.DateTimeFormat>();

/** A `YYYY-MM-DD` date as a message shows it: "25 дек." / "Dec 25". */
export function formatDate(date: string, locale: Locale): string {
  let format = dayMonth.get(locale);
  if (!format) dayMonth.set(locale, (format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: 'numeric', month: 'short', timeZone: 'UTC' })));
  return format.format(new Date(`${date}T00:00:00Z`));
}

const dayTime = new Map<string, Intl.DateTimeFormat>();

/** An instant as a message shows it, in the reader's zone: "26 нояб., 12:30" / "Nov 26, 12:30 PM". */
export function formatDateTime(at: number, locale: Locale, timeZone: string): string {
  const key = `${locale} ${timeZone}`;
  let format = dayTime.get(key);
  if (!format) dayTime.set(key, (format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone })));
  return format.format(at);
}
