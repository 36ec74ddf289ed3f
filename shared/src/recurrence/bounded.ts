// Every date the product computes from a rule goes through here, so that no rule costs more than a
// few milliseconds. rrule walks period by period from DTSTART (to the year 9999 when nothing
// matches) and has no limit of its own: HOURLY from 1900 took 10 s of the event loop. Two things
// bound the walk: it starts at the rule's period nearest the date asked about (for a rule without
// COUNT the dates from there on are the same), and a budget of periods stops any walk past it.
import { Frequency, RRule, type Options } from './rrule-lib.ts';

/**
 * What one walk may spend, by the rule's FREQ: a unit per period walked and per date met, a few
 * milliseconds in all (a YEARLY period rebuilds a year of day masks and costs rrule about ten DAILY
 * ones). DAILY: about two years of days without a date, or a COUNT of about 600.
 */
export const WALK_BUDGET: Readonly<Record<number, number>> = {
  [Frequency.YEARLY]: 100,
  [Frequency.MONTHLY]: 500,
  [Frequency.WEEKLY]: 800,
  [Frequency.DAILY]: 1200,
  [Frequency.HOURLY]: 800,
  [Frequency.MINUTELY]: 500,
  [Frequency.SECONDLY]: 500,
};

/** A walk used up its budget: the rule's next date is too far or too rare to compute here. */
export class RuleTooCostly extends Error {
  constructor() {
    super('the rule needs more periods than the budget allows');
  }
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const present = (v: unknown) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);

/**
 * The rule with what rrule derives from DTSTART written out (the weekday of a WEEKLY rule, the day of
 * a MONTHLY one, the time of day), so that moving DTSTART moves only where the walk starts.
 */
export function withStartDefaults(options: Partial<Options>, dtstart: Date): Partial<Options> {
  const out: Partial<Options> = { ...options };
  const freq = options.freq!;
  if (![options.byweekno, options.byyearday, options.bymonthday, options.byweekday, options.byeaster].some(present)) {
    if (freq === Frequency.YEARLY) {
      out.bymonth = present(options.bymonth) ? options.bymonth! : dtstart.getUTCMonth() + 1;
      out.bymonthday = dtstart.getUTCDate();
    } else if (freq === Frequency.MONTHLY) out.bymonthday = dtstart.getUTCDate();
    else if (freq === Frequency.WEEKLY) out.byweekday = [(dtstart.getUTCDay() + 6) % 7];
  }
  if (!present(options.byhour) && freq < Frequency.HOURLY) out.byhour = [dtstart.getUTCHours()];
  if (!present(options.byminute) && freq < Frequency.MINUTELY) out.byminute = [dtstart.getUTCMinutes()];
  if (!present(options.bysecond) && freq < Frequency.SECONDLY) out.bysecond = [dtstart.getUTCSeconds()];
  return out;
}

/** The index of the period (of `freq`) a date falls in, and where a period starts (UTC). */
function periodIndex(freq: number, wkst: number, d: Date): number {
  const t = d.getTime();
  switch (freq) {
    case Frequency.YEARLY:
      return d.getUTCFullYear();
    case Frequency.MONTHLY:
      return d.getUTCFullYear() * 12 + d.getUTCMonth();
    // Day 0 (1970-01-01) is a Thursday, weekday 3 counting from Monday.
    case Frequency.WEEKLY:
      return Math.floor((Math.floor(t / DAY_MS) + 3 - wkst) / 7);
    case Frequency.DAILY:
      return Math.floor(t / DAY_MS);
    case Frequency.HOURLY:
      return Math.floor(t / HOUR_MS);
    case Frequency.MINUTELY:
      return Math.floor(t / 60_000);
    default:
      return Math.floor(t / 1000);
  }
}

function periodStart(freq: number, wkst: number, index: number): Date {
  switch (freq) {
    case Frequency.YEARLY:
      return new Date(Date.UTC(index, 0, 1));
    case Frequency.MONTHLY:
      return new Date(Date.UTC(Math.floor(index / 12), ((index % 12) + 12) % 12, 1));
    case Frequency.WEEKLY:
      return new Date((index * 7 - 3 + wkst) * DAY_MS);
    case Frequency.DAILY:
      return new Date(index * DAY_MS);
    case Frequency.HOURLY:
      return new Date(index * HOUR_MS);
    case Frequency.MINUTELY:
      return new Date(index * 60_000);
    default:
      return new Date(index * 1000);
  }
}

/**
 * Where the walk for dates around `near` may start: the start of the rule's own period (DTSTART's
 * period plus a whole number of INTERVALs) that holds `near` or comes last before it. A rule with
 * COUNT counts from DTSTART, so it starts there (checkRule makes sure its whole walk fits the budget).
 */
export function anchorNear(options: Partial<Options>, dtstart: Date, near: Date): Date {
  if (present(options.count)) return dtstart;
  const freq = options.freq!;
  const wkst = typeof options.wkst === 'number' ? options.wkst : (options.wkst?.weekday ?? 0);
  const from = periodIndex(freq, wkst, dtstart);
  const to = periodIndex(freq, wkst, near);
  const steps = Math.floor((to - from) / (options.interval ?? 1));
  return steps > 0 ? periodStart(freq, wkst, from + steps * (options.interval ?? 1)) : dtstart;
}

/**
 * Walks the rule from its period nearest `from`, handing each date to `visit` until it answers false;
 * throws RuleTooCostly once the walk has spent `budget` (a unit per period and per date). rrule has
 * no hook per period; it reads `options.interval` twice in each one (to stop on 0 and to step), so
 * a counting getter is the meter. rrule's version is pinned; bounded.unit.test.ts checks the meter.
 */
function walk(options: Partial<Options>, dtstart: Date, from: Date, budget: number, visit: (date: Date) => boolean): void {
  const full = withStartDefaults(options, dtstart);
  const rule = new RRule({ ...full, dtstart: anchorNear(full, dtstart, from) }, true);
  const parsed = rule.options;
  let left = budget;
  const spend = () => {
    if (--left < 0) throw new RuleTooCostly();
  };
  let reads = 0;
  rule.options = Object.create(parsed, {
    interval: {
      get() {
        if (++reads % 2 === 0) spend();
        return parsed.interval;
      },
    },
  }) as typeof parsed;
  rule.all((date) => {
    spend();
    return visit(date);
  });
}

export const budgetOf = (options: Partial<Options>) => WALK_BUDGET[options.freq!] ?? 500;

/** The first date strictly after `after` (or at it, with `inclusive`); throws RuleTooCostly. */
export function firstAfter(options: Partial<Options>, dtstart: Date, after: Date, inclusive = false): Date | null {
  let found: Date | null = null;
  walk(options, dtstart, after, budgetOf(options), (date) => {
    if (date < after || (!inclusive && date.getTime() === after.getTime())) return true;
    found = date;
    return false;
  });
  return found;
}

/**
 * The dates from `from` on while `keep` says so; stops quietly at the budget and says whether it got
 * to the end.
 */
export function datesFrom(options: Partial<Options>, dtstart: Date, from: Date, keep: (date: Date, i: number) => boolean, budget = budgetOf(options)): { dates: Date[]; complete: boolean } {
  const dates: Date[] = [];
  try {
    walk(options, dtstart, from, budget, (date) => {
      if (date < from) return true;
      if (!keep(date, dates.length)) return false;
      dates.push(date);
      return true;
    });
    return { dates, complete: true };
  } catch (err) {
    if (err instanceof RuleTooCostly) return { dates, complete: false };
    throw err;
  }
}
