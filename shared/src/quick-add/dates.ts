import { endOfWeek, startOfNextWeek, weekStart } from '../dates.ts';
import type { Locale } from '../locales.ts';
import {
  addDays, endOfMonth, formatYmd, nextWeekday, upcoming, ymd, ymdOf, type Ymd,
} from './calendar.ts';

export interface DateContext {
  today: Ymd | null; // null when `now` was unusable: only dates with an explicit year resolve
  /** The UI language: its week start (shared/src/dates.ts) decides "next week" and "this week". */
  locale: Locale;
}

export interface DateMatch {
  start: number;
  end: number;
  date: Ymd;
}

// A date word must stand alone: `todays`, `monday-ish`, `file.today`, `tomorrow's` and
// `@today`/`#today` are not dates. Hyphens count as part of the word so `завтра-послезавтра`
// and `2026-12-25-draft` stay in the title untouched.
const B = String.raw`(?<![\p{L}\p{M}\p{N}_@#+!./\\'’-])`;
const E = String.raw`(?![\p{L}\p{M}\p{N}_@/\\-]|[.'’][\p{L}\p{M}\p{N}])`;
const S = String.raw`\s+`;
const POINT_PREFIX = String.raw`(?:(?:due|by|on|до|к)${S})?`;

const WEEKDAYS: ReadonlyArray<{ base: readonly string[]; genitive: string; dative: string }> = [
  { base: ['sun', 'sunday', 'вс', 'воскресенье'], genitive: 'воскресенья', dative: 'воскресенью' },
  { base: ['mon', 'monday', 'пн', 'понедельник'], genitive: 'понедельника', dative: 'понедельнику' },
  { base: ['tue', 'tues', 'tuesday', 'вт', 'вторник'], genitive: 'вторника', dative: 'вторнику' },
  { base: ['wed', 'wednesday', 'ср', 'среда', 'среду'], genitive: 'среды', dative: 'среде' },
  { base: ['thu', 'thur', 'thurs', 'thursday', 'чт', 'четверг'], genitive: 'четверга', dative: 'четвергу' },
  { base: ['fri', 'friday', 'пт', 'пятница', 'пятницу'], genitive: 'пятницы', dative: 'пятнице' },
  { base: ['sat', 'saturday', 'сб', 'суббота', 'субботу'], genitive: 'субботы', dative: 'субботе' },
];

// Ordinary words that are also weekday names ("the cat sat", "настроить среду") count as a
// date only after a preposition or next/следующий.
const AMBIGUOUS_WEEKDAYS = new Set(['sat', 'sun', 'wed', 'среда', 'среду']);

const WEEKDAY_BY_WORD = new Map<string, number>();
WEEKDAYS.forEach((w, index) => {
  for (const word of [...w.base, w.genitive, w.dative]) WEEKDAY_BY_WORD.set(word, index);
});

const EN_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const RU_MONTHS = ['янв', 'фев', 'мар', 'апр', 'мая', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];
const EN_MONTH_WORDS = 'january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec';
const RU_MONTH_WORDS = 'января|янв|февраля|февр|фев|марта|мар|апреля|апр|мая|июня|июн|июля|июл|августа|авг|сентября|сент|сен|октября|окт|ноября|нояб|ноя|декабря|дек';

const NUMBER_WORDS = new Map<string, number>([
  ['a', 1], ['an', 1], ['one', 1], ['two', 2], ['three', 3], ['four', 4], ['five', 5],
  ['six', 6], ['seven', 7], ['eight', 8], ['nine', 9], ['ten', 10],
  ['один', 1], ['одну', 1], ['одна', 1], ['два', 2], ['две', 2], ['три', 3], ['четыре', 4],
  ['пять', 5], ['шесть', 6], ['семь', 7], ['восемь', 8], ['девять', 9], ['десять', 10],
]);
const EN_NUMBERS = String.raw`\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten`;
const RU_NUMBERS = String.raw`\d{1,3}|один|одну|одна|два|две|три|четыре|пять|шесть|семь|восемь|девять|десять`;

const RELATIVE_DAYS = new Map<string, number>([
  ['today', 0], ['сегодня', 0], ['tomorrow', 1], ['завтра', 1], ['послезавтра', 2],
  ['yesterday', -1], ['вчера', -1],
]);

const alt = (words: readonly string[]) => words.join('|');
const NEXT = String.raw`(?:(next|следующ\p{L}{1,3})${S})?`;

type Resolver = (m: RegExpExecArray, ctx: DateContext) => Ymd | null;
interface Pattern { regex: RegExp; resolve: Resolver }
const pattern = (source: string, resolve: Resolver): Pattern => ({ regex: new RegExp(B + source + E, 'giu'), resolve });

const lower = (s: string | undefined) => (s ?? '').toLowerCase();
const num = (s: string | undefined) => NUMBER_WORDS.get(lower(s)) ?? Number(s);
const monthIndex = (months: readonly string[], word: string | undefined) => months.indexOf(lower(word).slice(0, 3)) + 1;

function weekdayResolver(m: RegExpExecArray, ctx: DateContext): Ymd | null {
  const [, prefix, next, word] = m;
  const index = WEEKDAY_BY_WORD.get(lower(word));
  if (!ctx.today || index === undefined) return null;
  if (!prefix && !next && AMBIGUOUS_WEEKDAYS.has(lower(word))) return null;
  // "next friday" is the same as "friday": the next Friday strictly after today.
  return nextWeekday(ctx.today, index);
}

function dayMonth(ctx: DateContext, day: number, month: number, year: string | undefined): Ymd | null {
  if (year !== undefined) return ymd(year.length === 2 ? 2000 + Number(year) : Number(year), month, day);
  return ctx.today ? upcoming(ctx.today, month, day) : null;
}

const PATTERNS: readonly Pattern[] = [
  pattern(
    String.raw`(?:(due|by|on|в|во|до|к)${S})?${NEXT}(${alt(WEEKDAYS.flatMap((w) => w.base))})`,
    weekdayResolver,
  ),
  pattern(String.raw`(до)${S}${NEXT}(${alt(WEEKDAYS.map((w) => w.genitive))})`, weekdayResolver),
  pattern(String.raw`(к)${S}${NEXT}(${alt(WEEKDAYS.map((w) => w.dative))})`, weekdayResolver),
  pattern(
    String.raw`(?:(?:due|by|до|к)${S})?(today|сегодня|tomorrow|завтра|послезавтра|(?:the${S})?day${S}after${S}tomorrow|yesterday|вчера)`,
    (m, ctx) => ctx.today && addDays(ctx.today, RELATIVE_DAYS.get(lower(m[1])) ?? 2),
  ),
  pattern(
    String.raw`(?:(?:due|by)${S})?in${S}(${EN_NUMBERS})${S}(days?|weeks?)`,
    (m, ctx) => ctx.today && addDays(ctx.today, num(m[1]) * (lower(m[2]).startsWith('week') ? 7 : 1)),
  ),
  pattern(String.raw`через${S}(?:(${RU_NUMBERS})${S})?(день|дня|дней|неделю|недели|недель)`, (m, ctx) => {
    const weeks = lower(m[2]).startsWith('недел');
    // "через день" usually means "every other day", so a bare unit counts only for weeks.
    if (!ctx.today || (m[1] === undefined && !weeks)) return null;
    return addDays(ctx.today, (m[1] === undefined ? 1 : num(m[1])) * (weeks ? 7 : 1));
  }),
  pattern(
    String.raw`(?:(?:(?:by|due)${S})?next${S}week|(?:на|к)${S}следующей${S}неделе|до${S}следующей${S}недели)`,
    (_m, ctx) => ctx.today && ymdOf(startOfNextWeek(formatYmd(ctx.today), weekStart(ctx.locale))),
  ),
  pattern(
    String.raw`(?:(?:(?:by|due|at)${S})?(?:the${S})?end${S}of${S}(?:the${S}|this${S})?week|(?:(?:by|due)${S})?this${S}week|на${S}этой${S}неделе|(?:в${S}конце|до${S}конца|к${S}концу)${S}(?:этой${S})?недели)`,
    (_m, ctx) => ctx.today && ymdOf(endOfWeek(formatYmd(ctx.today), weekStart(ctx.locale))),
  ),
  pattern(
    String.raw`(?:(?:(?:by|due|at)${S})?(?:the${S})?end${S}of${S}(?:the${S})?month|(?:в${S}конце|до${S}конца|к${S}концу)${S}месяца)`,
    (_m, ctx) => ctx.today && endOfMonth(ctx.today),
  ),
  pattern(String.raw`${POINT_PREFIX}(\d{4})-(\d{2})-(\d{2})`, (m) => ymd(Number(m[1]), Number(m[2]), Number(m[3]))),
  pattern(
    String.raw`${POINT_PREFIX}(\d{1,2})\.(\d{1,2})(?:\.(\d{4}|\d{2}))?`,
    (m, ctx) => dayMonth(ctx, Number(m[1]), Number(m[2]), m[3]),
  ),
  pattern(
    String.raw`${POINT_PREFIX}(${EN_MONTH_WORDS})\.?${S}(\d{1,2})(?:st|nd|rd|th)?(?:,?${S}(\d{4}))?`,
    (m, ctx) => dayMonth(ctx, Number(m[2]), monthIndex(EN_MONTHS, m[1]), m[3]),
  ),
  pattern(
    String.raw`${POINT_PREFIX}(\d{1,2})(?:st|nd|rd|th)?${S}(?:of${S})?(${EN_MONTH_WORDS})\.?(?:,?${S}(\d{4}))?`,
    (m, ctx) => dayMonth(ctx, Number(m[1]), monthIndex(EN_MONTHS, m[2]), m[3]),
  ),
  pattern(
    String.raw`${POINT_PREFIX}(\d{1,2})${S}(${RU_MONTH_WORDS})\.?(?:${S}(\d{4})(?:\s?г\.)?)?`,
    (m, ctx) => dayMonth(ctx, Number(m[1]), monthIndex(RU_MONTHS, m[2]), m[3]),
  ),
];

/** Every date phrase in `text` that resolves to a real calendar date (overlaps included). */
export function findDates(text: string, ctx: DateContext): DateMatch[] {
  const found: DateMatch[] = [];
  for (const { regex, resolve } of PATTERNS) {
    for (const m of text.matchAll(regex)) {
      const date = resolve(m, ctx);
      if (date) found.push({ start: m.index, end: m.index + m[0].length, date });
    }
  }
  return found;
}
