// Logged time as people type it (issue 17, item 7): `1h 30m`, `1ч 30м`, `90m`, `1.5h`, `1,5ч`,
// `45 мин`, `1 час 30 минут`, `1h30`. One parser for the web app, the bot and the server; the unit
// arithmetic is parse-duration's, with its Russian table. That table knows `ч`, `час`, `мин` and
// `минута` only, so the plural forms and the short `м` are added here; and because parse-duration
// skips words it does not know (`2 apples 5m` would be five minutes), the text is checked token by
// token first: only numbers with hour or minute units, so garbage is refused instead of guessed.
// The locale table's types must reach every program compiling this file (server, bot, web app), not just shared's.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./parse-duration-ru.d.ts" />
import parse from 'parse-duration';
import ru from 'parse-duration/locale/ru.js';

/** One entry is one day's work at most. */
export const MAX_ENTRY_MINUTES = 24 * 60;
export const MAX_DURATION_TEXT = 50;

const HOUR = 3_600_000;
const MINUTE = 60_000;
const HOUR_WORDS = ['h', 'hr', 'hrs', 'hour', 'hours', 'ч', 'час', 'часа', 'часов'];
const MINUTE_WORDS = ['m', 'min', 'mins', 'minute', 'minutes', 'м', 'мин', 'минута', 'минуты', 'минут', 'минуту'];

// Hour words before minute words: for `1h30` parse-duration gives the bare number the first unit
// smaller than the previous one, in this table's order.
const units: typeof ru = Object.create(ru);
for (const w of HOUR_WORDS) units[w] = HOUR;
for (const w of MINUTE_WORDS) units[w] = MINUTE;

const UNIT_OF = new Map<string, 'h' | 'm'>([...HOUR_WORDS.map((w) => [w, 'h'] as const), ...MINUTE_WORDS.map((w) => [w, 'm'] as const)]);
const TOKEN = /(\d+(?:[.,]\d+)?)\s*(\p{L}*)\.?\s*,?\s*/uy;

export type DurationError = 'validation.duration' | 'validation.durationMin' | 'validation.durationMax';
export type DurationResult = { ok: true; minutes: number } | { ok: false; error: DurationError };

/** Whether every part of `text` is a number with an hour or minute unit (a bare number only right after hours). */
function wellFormed(text: string): boolean {
  TOKEN.lastIndex = 0;
  let previous: 'h' | 'm' | null = null;
  let count = 0;
  while (TOKEN.lastIndex < text.length) {
    const m = TOKEN.exec(text);
    if (!m) return false;
    const word = m[2]!.toLowerCase();
    const kind: 'h' | 'm' | undefined = word ? UNIT_OF.get(word) : previous === 'h' ? 'm' : undefined;
    if (!kind) return false;
    previous = kind;
    count += 1;
  }
  return count > 0;
}

/** Minutes of a typed duration, rounded to the minute, or the i18n key of what is wrong with it. */
export function parseDuration(input: string): DurationResult {
  const text = input.trim();
  if (/^[-−–]/.test(text)) return { ok: false, error: 'validation.durationMin' };
  if (!text || text.length > MAX_DURATION_TEXT || !wellFormed(text)) return { ok: false, error: 'validation.duration' };
  const saved = parse.unit;
  let value: number | null;
  try {
    parse.unit = units;
    value = parse(text, 'm');
  } finally {
    parse.unit = saved;
  }
  if (value === null || !Number.isFinite(value)) return { ok: false, error: 'validation.duration' };
  const minutes = Math.round(value);
  if (minutes < 1) return { ok: false, error: 'validation.durationMin' };
  if (minutes > MAX_ENTRY_MINUTES) return { ok: false, error: 'validation.durationMax' };
  return { ok: true, minutes };
}

export { formatDuration, formatDurationLong, type DurationText } from './duration-format.ts';
