// Recurrence rules (RFC 5545 RRULE through the `rrule` package): one place that parses a rule, decides
// whether the product accepts it and answers "when next". The web app, the server and the bot use it.
import { budgetOf, datesFrom, firstAfter, RuleTooCostly } from './bounded.ts';
import { Frequency, RRule, rrulestr, type Options, type RRuleInstance } from './rrule-lib.ts';

export const RECURRENCE_MODES = ['schedule', 'on_complete'] as const;
export type RecurrenceMode = (typeof RECURRENCE_MODES)[number];

/** The longest rule text accepted (a preset is ~50 characters). */
export const RRULE_MAX_LENGTH = 500;
/** At most one occurrence per hour: a rule whose first dates come closer is refused. */
export const MIN_GAP_MS = 60 * 60 * 1000;
/** How many first dates the gap check looks at. */
const GAP_SAMPLE = 60;
const HOUR_MS = 60 * 60 * 1000;
/** Years the day-filter probe looks ahead: every kind of year (leap or not, each first weekday) comes within 28. */
const PROBE_YEARS = 40;

/** Why a rule is refused: the i18n key (namespace `recurrence`) of the message. */
export type RuleProblem = 'recurrence.invalid' | 'recurrence.never' | 'recurrence.tooFrequent' | 'recurrence.tooLong' | 'recurrence.tooEarly' | 'recurrence.tooCostly';

/** The earliest DTSTART accepted: a year before `now` (00:00 UTC). Older starts only make rrule walk. */
export function dtstartFloor(now: Date): Date {
  const floor = utcMidnight(now);
  floor.setUTCFullYear(floor.getUTCFullYear() - 1);
  return floor;
}

/** Midnight UTC of a date (`YYYY-MM-DD` or a Date's UTC day): occurrences are dates, kept at 00:00 UTC. */
export function utcMidnight(day: string | Date): Date {
  const s = typeof day === 'string' ? day : day.toISOString().slice(0, 10);
  return new Date(`${s}T00:00:00.000Z`);
}

/**
 * The rule text without DTSTART lines and without the `RRULE:` prefix (what is stored and shown),
 * plus the DTSTART it named, if any. Throws on text rrule cannot read or on more than one rule.
 */
export function splitRule(text: string): { rule: string; dtstart: Date | null } {
  const lines = text.trim().split(/\s*\n\s*|\s+(?=(?:RRULE|DTSTART)[:;])/i).filter(Boolean);
  let rule: string | null = null;
  let dtstart: Date | null = null;
  for (const line of lines) {
    if (/^DTSTART[:;]/i.test(line)) {
      if (dtstart) throw new Error('two DTSTART');
      const parsed = rrulestr(line.replace(/^DTSTART;VALUE=DATE:/i, 'DTSTART:') + '\nRRULE:FREQ=DAILY;COUNT=1');
      if (parsed.options.tzid) throw new Error('TZID is not supported');
      dtstart = parsed.options.dtstart;
    } else {
      if (rule !== null) throw new Error('one rule only');
      rule = line.replace(/^RRULE:/i, '').toUpperCase();
    }
  }
  if (!rule) throw new Error('no rule');
  return { rule, dtstart };
}

/** The rule's own options (what the text says, before defaults); throws on text rrule refuses. */
export function ruleOptions(rule: string): Partial<Options> {
  const options = RRule.parseString(rule);
  if (options.freq === undefined || options.freq === null) throw new Error('FREQ is required');
  if (options.tzid) throw new Error('TZID is not supported');
  return options;
}

/** The rule anchored at `dtstart` (`BY*` times default to dtstart's time, 00:00 UTC for a date). */
export function buildRule(rule: string, dtstart: Date): RRuleInstance {
  return new RRule({ ...ruleOptions(rule), dtstart });
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const listOf = <T>(v: T | T[] | null | undefined): T[] => (v == null ? [] : Array.isArray(v) ? v : [v]);
const weekdayIndex = (date: Date) => (date.getUTCDay() + 6) % 7;

/**
 * Whether any day at all matches the rule's day filters: a YEARLY rule with the same filters
 * answers within years (a DAILY rule with BYMONTH=2;BYMONTHDAY=31 would search to year 9999 day by
 * day, seconds of CPU).
 */
function daysCanMatch(options: Partial<Options>, dtstart: Date): boolean {
  const { bymonth, bymonthday, byyearday, byweekno, byweekday } = options;
  if (bymonth == null && bymonthday == null && byyearday == null && byweekno == null) return true;
  const weekdays = byweekday == null ? undefined : listOf(byweekday).map((d) => (typeof d === 'number' ? d : typeof d === 'string' ? d : d.weekday));
  const probe = { freq: Frequency.YEARLY, bymonth, bymonthday, byyearday, byweekno, byweekday: weekdays as Options['byweekday'] };
  return datesFrom(probe, dtstart, dtstart, (_, i) => i < 1, PROBE_YEARS).dates.length > 0;
}

/**
 * Whether the rule's steps can never land on what its filters allow: an interval that is a whole
 * number of weeks (DAILY;INTERVAL=7;BYDAY=TU from a Monday) or of days (HOURLY;INTERVAL=24;BYHOUR=5
 * from midnight) repeats the same weekday or hour for ever, and rrule would search to year 9999.
 */
function misaligned(options: Partial<Options>, dtstart: Date): boolean {
  const step = options.interval ?? 1;
  if (step === 1) return false;
  const days = listOf(options.byweekday).map((d) => (typeof d === 'number' ? d : typeof d === 'string' ? ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].indexOf(d) : d.weekday));
  if (options.freq === Frequency.DAILY) return days.length > 0 && step % 7 === 0 && !days.includes(weekdayIndex(dtstart));
  if (options.freq !== Frequency.HOURLY) return false;
  const hours = listOf(options.byhour);
  const g = gcd(step, 168);
  const start = weekdayIndex(dtstart) * 24 + dtstart.getUTCHours();
  for (let h = 0; h < 168; h++) {
    if ((((h - start) % g) + g) % g !== 0) continue;
    if ((!days.length || days.includes(Math.floor(h / 24))) && (!hours.length || hours.includes(h % 24))) return false;
  }
  return true;
}

const RANGES: [keyof Options, number, number][] = [['bymonth', 1, 12], ['bymonthday', -31, 31], ['byyearday', -366, 366], ['byweekno', -53, 53], ['byhour', 0, 23], ['byminute', 0, 59], ['bysecond', 0, 59], ['bysetpos', -366, 366]];
/** Values RFC 5545 allows (rrule reads BYMONTHDAY=32 and then searches for it to year 9999). */
const inRanges = (options: Partial<Options>) =>
  RANGES.every(([key, min, max]) => listOf(options[key] as number | number[] | null | undefined).every((v) => Number.isInteger(v) && v >= min && v <= max && (min >= 0 || v !== 0)));

/** BYSETPOS=10 of a month's Mondays: a position past the most dates a period can hold (else rrule searches to 9999). */
function setposBeyondSet(options: Partial<Options>): boolean {
  const positions = listOf(options.bysetpos);
  const days = listOf(options.byweekday);
  if (!positions.length || !days.length || listOf(options.bymonthday).length || [options.byhour, options.byminute, options.bysecond].some((v) => listOf(v).length > 0)) return false;
  const perPeriod = options.freq === Frequency.WEEKLY ? days.length : options.freq === Frequency.MONTHLY ? days.length * 5 : days.length * 53;
  return positions.every((p) => Math.abs(p) > perPeriod);
}

export interface CheckedRule {
  /** The stored rule text (no DTSTART, no `RRULE:` prefix). */
  rule: string;
  dtstart: Date;
  /** The first date strictly after `now`. */
  next: Date;
}

/**
 * Checks a rule as the product accepts it: rrule can read it, it is at most hourly, DTSTART is at
 * most a year back, it still produces a date after `now`, and that date (or, with COUNT, its whole
 * run) is found within the walk's budget (bounded.ts). `fallbackStart` anchors a rule without
 * DTSTART (the due date or today; today when that is more than a year back). Returns the
 * rule or the problem's message key.
 */
export function checkRule(text: string, fallbackStart: Date, now = new Date()): CheckedRule | { problem: RuleProblem } {
  if (text.length > RRULE_MAX_LENGTH) return { problem: 'recurrence.tooLong' };
  let parts: { rule: string; dtstart: Date | null };
  let options: Partial<Options>;
  try {
    parts = splitRule(text);
    options = ruleOptions(parts.rule);
  } catch {
    return { problem: 'recurrence.invalid' };
  }
  if (options.freq === Frequency.SECONDLY || options.freq === Frequency.MINUTELY) return { problem: 'recurrence.tooFrequent' };
  if (options.interval !== undefined && (options.interval < 1 || options.interval > 1000)) return { problem: 'recurrence.invalid' };
  if (options.count !== undefined && options.count !== null && options.count < 1) return { problem: 'recurrence.never' };
  // One date per day or hour has no second one to pick: BYSETPOS there only ever searches in vain.
  if (listOf(options.bysetpos).length && (options.freq === Frequency.DAILY || options.freq === Frequency.HOURLY)) return { problem: 'recurrence.invalid' };
  if (setposBeyondSet(options)) return { problem: 'recurrence.never' };
  if (!inRanges(options)) return { problem: 'recurrence.invalid' };
  const floor = dtstartFloor(now);
  if (parts.dtstart && parts.dtstart < floor) return { problem: 'recurrence.tooEarly' };
  const dtstart = parts.dtstart ?? (fallbackStart < floor ? utcMidnight(now) : fallbackStart);
  try {
    buildRule(parts.rule, dtstart);
    if (misaligned(options, dtstart) || !daysCanMatch(options, dtstart)) return { problem: 'recurrence.never' };
    // A rule with COUNT is walked from DTSTART every time: its whole run must fit the budget, and
    // then the run answers the checks below.
    const run = options.count != null ? datesFrom(options, dtstart, dtstart, () => true) : null;
    if (run && !run.complete) return { problem: 'recurrence.tooCostly' };
    // Only times of day can bring two dates within an hour; the sample stops a year on (and at half
    // the walk's budget), so a rare date (29 February on a Monday) is not searched for across centuries.
    const horizon = dtstart.getTime() + 400 * 24 * HOUR_MS;
    const timed = options.freq === Frequency.HOURLY || [options.byhour, options.byminute, options.bysecond].some((v) => listOf(v).length > 0);
    const sample = (d: Date, i: number) => i < GAP_SAMPLE && d.getTime() < horizon;
    const first = !timed ? [] : run ? run.dates.filter(sample) : datesFrom(options, dtstart, dtstart, sample, budgetOf(options) / 2).dates;
    for (let i = 1; i < first.length; i++) if (first[i]!.getTime() - first[i - 1]!.getTime() < MIN_GAP_MS) return { problem: 'recurrence.tooFrequent' };
    const next = run ? (run.dates.find((d) => d > now) ?? null) : firstAfter(options, dtstart, now);
    if (!next) return { problem: 'recurrence.never' };
    return { rule: parts.rule, dtstart, next };
  } catch (err) {
    return { problem: err instanceof RuleTooCostly ? 'recurrence.tooCostly' : 'recurrence.invalid' };
  }
}

/**
 * The first occurrence strictly after `after` (null when the rule is exhausted). Throws RuleTooCostly
 * when it lies beyond the walk's budget.
 */
export function nextOccurrence(rule: string, dtstart: Date, after: Date): Date | null {
  return firstAfter(ruleOptions(rule), dtstart, after);
}

/**
 * The latest occurrence at or before `at`, looking from `since` (an occurrence known to be due, e.g.
 * the stored next date; DTSTART by default) for at most the walk's budget: after a long outage the
 * latest one found in that walk (null when none).
 */
export function latestOccurrence(rule: string, dtstart: Date, at: Date, since: Date = dtstart): Date | null {
  return datesFrom(ruleOptions(rule), dtstart, since, (d) => d <= at).dates.at(-1) ?? null;
}

export { RuleTooCostly } from './bounded.ts';

