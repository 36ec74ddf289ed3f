// A recurrence rule in words, in the reader's language. rrule's own toText is English only and
// reads awkwardly, so the presets are phrased from locale resources (namespace `recurrence`, with
// plural forms and Russian grammatical gender); a rule outside the presets falls back to rrule's
// English text, or to a generic Russian phrase with the rule itself.
import type { Locale } from '../locales.ts';
import { Frequency, RRule, type Options } from './rrule-lib.ts';
import { ruleOptions, splitRule } from './rule.ts';

export type DescribeFn = (key: string, values?: Record<string, string | number | boolean>) => string;

const CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const WORKDAYS = [0, 1, 2, 3, 4];
/** Russian grammatical gender of each weekday's name: вторник (m), среда (f), воскресенье (n). */
const GENDER = ['m', 'm', 'f', 'm', 'f', 'f', 'n'] as const;
const PERIOD: Partial<Record<number, string>> = { [Frequency.HOURLY]: 'hour', [Frequency.DAILY]: 'day', [Frequency.WEEKLY]: 'week', [Frequency.MONTHLY]: 'month', [Frequency.YEARLY]: 'year' };
/** Parts of a rule the presets never use: a rule with any of them is described as custom. */
const EXOTIC = ['byhour', 'byminute', 'bysecond', 'byyearday', 'byweekno', 'byeaster'] as const;

interface Day {
  weekday: number;
  n: number | null;
}

const list = <T>(v: T | T[] | null | undefined): T[] => (v == null ? [] : Array.isArray(v) ? v : [v]);

function daysOf(options: Partial<Options>): Day[] {
  return list(options.byweekday).map((d) => {
    if (typeof d === 'number') return { weekday: d, n: null };
    if (typeof d === 'string') return { weekday: CODES.indexOf(d), n: null };
    return { weekday: d.weekday, n: d.n ?? null };
  });
}

const isNth = (n: number) => (n >= 1 && n <= 5) || n === -1;

/**
 * The rule in words: "каждую неделю по понедельникам и средам", "every 2 weeks on Friday". `t`
 * translates `recurrence.*` keys in `locale`. Text rrule cannot read comes back as it is.
 */
export function describeRule(text: string, t: DescribeFn, locale: Locale): string {
  let options: Partial<Options>;
  let rule: string;
  try {
    rule = splitRule(text).rule;
    options = ruleOptions(rule);
  } catch {
    return text;
  }
  const main = describePreset(options, t, locale);
  if (main === null) return custom(rule, options, t, locale);
  const extras = [main];
  if (options.count) extras.push(t('recurrence.times', { count: options.count }));
  if (options.until) extras.push(t('recurrence.until', { date: formatDate(options.until, locale) }));
  return extras.join(', ');
}

function custom(rule: string, options: Partial<Options>, t: DescribeFn, locale: Locale): string {
  if (locale === 'en') {
    try {
      return new RRule(options).toText();
    } catch {
      // rrule's text cannot phrase every rule it reads
    }
  }
  return t('recurrence.custom', { rule });
}

const formatDate = (date: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);

const joinList = (items: string[], locale: Locale, t: DescribeFn) => {
  // Intl.ListFormat is missing in older iOS web views (before 14.5), where Telegram also runs the app.
  if (typeof Intl.ListFormat === 'function') return new Intl.ListFormat(locale === 'ru' ? 'ru-RU' : 'en-US', { type: 'conjunction' }).format(items);
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${t('recurrence.and')} ${items.at(-1)}`;
};

function describePreset(options: Partial<Options>, t: DescribeFn, locale: Locale): string | null {
  if (EXOTIC.some((k) => list(options[k] as unknown).length > 0)) return null;
  const unit = options.freq == null ? undefined : PERIOD[options.freq];
  if (!unit) return null;
  const interval = options.interval ?? 1;
  const period = interval === 1 ? t(`recurrence.every1.${unit}`) : t(`recurrence.everyN.${unit}`, { count: interval });
  const days = daysOf(options);
  const monthDays = list(options.bymonthday);
  const months = list(options.bymonth);
  const setpos = list(options.bysetpos);
  const plainDays = days.length > 0 && days.every((d) => d.n === null);
  const sortedDays = [...new Set(days.map((d) => d.weekday))].sort((a, b) => a - b);

  if (options.freq === Frequency.HOURLY) return days.length || monthDays.length || months.length || setpos.length ? null : period;

  if (options.freq === Frequency.DAILY || options.freq === Frequency.WEEKLY) {
    if (monthDays.length || months.length || setpos.length) return null;
    if (!days.length) return period;
    if (!plainDays || (options.freq === Frequency.DAILY && interval !== 1)) return null;
    if (interval === 1 && sortedDays.join() === WORKDAYS.join()) return t('recurrence.weekdays');
    const weekPeriod = interval === 1 ? t('recurrence.every1.week') : t('recurrence.everyN.week', { count: interval });
    const names = sortedDays.map((d) => t(`recurrence.dayPlural.${CODES[d]}`));
    return t('recurrence.onDays', { period: weekPeriod, days: joinList(names, locale, t) });
  }

  if (options.freq === Frequency.MONTHLY) {
    if (months.length) return null;
    if (!days.length && !setpos.length) {
      if (!monthDays.length) return period;
      if (monthDays.length === 1 && monthDays[0] === -1) return t('recurrence.lastMonthDay', { period });
      if (monthDays.some((d) => d < 1 || d > 31)) return null;
      const numbers = [...new Set(monthDays)].sort((a, b) => a - b).map((d) => t('recurrence.monthDay', { count: d, ordinal: true }));
      return t('recurrence.onMonthDays', { period, days: joinList(numbers, locale, t) });
    }
    if (monthDays.length || days.length !== 1) return null;
    const [day] = days as [Day];
    if (setpos.length > 1 || (setpos.length === 1 && day.n !== null)) return null;
    const n = setpos.length === 1 ? setpos[0]! : day.n;
    if (n === null || !isNth(n)) return null;
    const gender = GENDER[day.weekday]!;
    const dayName = t(`recurrence.dayAccusative.${CODES[day.weekday]}`);
    if (interval !== 1) return t('recurrence.nthInPeriod', { period, at: t(`recurrence.at.${gender}.${n}`), day: dayName });
    if (n === -1) return t('recurrence.monthlyLast', { at: t(`recurrence.at.${gender}.${n}`), day: dayName });
    return t('recurrence.monthlyNth', { every: t(`recurrence.every.${gender}`), ordinal: t(`recurrence.ordinal.${gender}.${n}`), day: dayName });
  }

  // YEARLY
  if (days.length || setpos.length) return null;
  if (!months.length && !monthDays.length) return period;
  if (months.length !== 1 || monthDays.length !== 1 || monthDays[0]! < 1 || monthDays[0]! > 31) return null;
  return t('recurrence.yearlyOn', { period, day: monthDays[0]!, month: t(`recurrence.monthGenitive.${months[0]}`) });
}
