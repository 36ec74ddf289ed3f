// Recurrence rules (RFC 5545 RRULE through the `rrule` package): one place that parses a rule, decides
// whether the product accepts it and answers "when next". The web app, the server and the bot use it.
import { Frequency, RRule, rrulestr, type Options, type RRuleInstance } from './rrule-lib.ts';

export const RECURRENCE_MODES = ['schedule', 'on_complete'] as const;
export type RecurrenceMode = (typeof RECURRENCE_MODES)[number];

/** The longest rule text accepted (a preset is ~50 characters). */
export const RRULE_MAX_LENGTH = 500;
/** At most one occurrence per hour: a rule whose first dates come closer is refused. */
export const MIN_GAP_MS = 60 * 60 * 1000;
/** How many first dates the gap check looks at. */
const GAP_SAMPLE = 60;

/** Why a rule is refused: the i18n key (namespace `recurrence`) of the message. */
export type RuleProblem = 'recurrence.invalid' | 'recurrence.never' | 'recurrence.tooFrequent' | 'recurrence.tooLong';

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

/**
 * Whether any day at all matches the rule's day filters: a YEARLY rule with the same filters
 * answers within years (a DAILY rule with BYMONTH=2;BYMONTHDAY=31 would search to year 9999 day by
 * day, seconds of CPU).
 */
function daysCanMatch(options: Partial<Options>, dtstart: Date): boolean {
  const { bymonth, bymonthday, byyearday, byweekno, byweekday } = options;
  if (bymonth == null && bymonthday == null && byyearday == null && byweekno == null) return true;
  const weekdays = byweekday == null ? undefined : (Array.isArray(byweekday) ? byweekday : [byweekday]).map((d) => (typeof d === 'number' ? d : typeof d === 'string' ? d : d.weekday));
  const probe = new RRule({ freq: Frequency.YEARLY, dtstart, bymonth, bymonthday, byyearday, byweekno, byweekday: weekdays as Options['byweekday'] });
  return probe.after(dtstart, true) !== null;
}

export interface CheckedRule {
  /** The stored rule text (no DTSTART, no `RRULE:` prefix). */
  rule: string;
  dtstart: Date;
  /** The first date strictly after `now`. */
  next: Date;
}

/**
 * Checks a rule as the product accepts it: rrule can read it, it is at most hourly, and it still
 * produces a date after `now`. `fallbackStart` anchors a rule without DTSTART (the due
 * date or today). Returns the rule or the problem's message key.
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
  const dtstart = parts.dtstart ?? fallbackStart;
  let rrule: RRuleInstance;
  try {
    rrule = buildRule(parts.rule, dtstart);
    if (!daysCanMatch(options, dtstart)) return { problem: 'recurrence.never' };
    const first = rrule.all((_, i) => i < GAP_SAMPLE);
    for (let i = 1; i < first.length; i++) if (first[i]!.getTime() - first[i - 1]!.getTime() < MIN_GAP_MS) return { problem: 'recurrence.tooFrequent' };
    const next = rrule.after(now, false);
    if (!next) return { problem: 'recurrence.never' };
    return { rule: parts.rule, dtstart, next };
  } catch {
    return { problem: 'recurrence.invalid' };
  }
}

/** The first occurrence strictly after `after` (null when the rule is exhausted). */
export function nextOccurrence(rule: string, dtstart: Date, after: Date): Date | null {
  return buildRule(rule, dtstart).after(after, false);
}

/** The latest occurrence at or before `at` (null when none). */
export function latestOccurrence(rule: string, dtstart: Date, at: Date): Date | null {
  return buildRule(rule, dtstart).before(at, true);
}

