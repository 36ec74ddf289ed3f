// The repeat editor's model: the presets a person picks from, to and from RRULE text. A rule no
// preset reads stays custom text.
import { ruleOptions, splitRule } from '@tracker/shared/recurrence/rule';

export const PRESETS = ['none', 'daily', 'weekdays', 'weekly', 'monthlyDay', 'monthlyNth', 'yearly', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];
export const DAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const NTHS = [1, 2, 3, 4, -1] as const;

export interface Draft {
  preset: Preset;
  interval: number;
  /** Weekdays 0 (Monday) … 6 (Sunday). */
  days: number[];
  monthDay: number;
  nth: number;
  weekday: number;
  month: number;
  custom: string;
}

/** Defaults taken from a date (the due date, or today): its weekday, day and month. */
export function draftFor(day: string): Draft {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = (date.getUTCDay() + 6) % 7;
  const monthDay = date.getUTCDate();
  return { preset: 'none', interval: 1, days: [weekday], monthDay, nth: monthDay > 28 ? -1 : Math.ceil(monthDay / 7), weekday, month: date.getUTCMonth() + 1, custom: '' };
}

const every = (interval: number) => (interval > 1 ? `;INTERVAL=${interval}` : '');

/** The rule the draft stands for (null: does not repeat). */
export function toRule(d: Draft): string | null {
  switch (d.preset) {
    case 'none':
      return null;
    case 'daily':
      return `FREQ=DAILY${every(d.interval)}`;
    case 'weekdays':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    case 'weekly':
      return `FREQ=WEEKLY${every(d.interval)};BYDAY=${[...d.days].sort((a, b) => a - b).map((i) => DAY_CODES[i]).join(',') || DAY_CODES[d.weekday]}`;
    case 'monthlyDay':
      return `FREQ=MONTHLY${every(d.interval)};BYMONTHDAY=${d.monthDay}`;
    case 'monthlyNth':
      return `FREQ=MONTHLY${every(d.interval)};BYDAY=${d.nth}${DAY_CODES[d.weekday]}`;
    case 'yearly':
      return `FREQ=YEARLY;BYMONTH=${d.month};BYMONTHDAY=${d.monthDay}`;
    case 'custom':
      return d.custom.trim();
  }
}

/** The draft for a stored rule: the preset that writes exactly this rule, or custom text. */
export function fromRule(rule: string | null, day: string): Draft {
  const base = draftFor(day);
  if (!rule) return base;
  let options;
  try {
    options = ruleOptions(splitRule(rule).rule);
  } catch {
    return { ...base, preset: 'custom', custom: rule };
  }
  const weekdays = (Array.isArray(options.byweekday) ? options.byweekday : options.byweekday == null ? [] : [options.byweekday]).map((w) =>
    typeof w === 'number' ? { weekday: w, n: null } : typeof w === 'string' ? { weekday: DAY_CODES.indexOf(w as never), n: null } : { weekday: w.weekday, n: w.n ?? null },
  );
  const monthDays = Array.isArray(options.bymonthday) ? options.bymonthday : options.bymonthday == null ? [] : [options.bymonthday];
  const months = Array.isArray(options.bymonth) ? options.bymonth : options.bymonth == null ? [] : [options.bymonth];
  const candidate: Draft = {
    ...base,
    interval: options.interval ?? 1,
    days: weekdays.length ? weekdays.map((w) => w.weekday) : base.days,
    monthDay: monthDays[0] ?? base.monthDay,
    nth: weekdays[0]?.n ?? base.nth,
    weekday: weekdays[0]?.weekday ?? base.weekday,
    month: months[0] ?? base.month,
  };
  const stored = splitRule(rule).rule;
  for (const preset of PRESETS.slice(1, -1)) {
    if (toRule({ ...candidate, preset }) === stored) return { ...candidate, preset };
  }
  return { ...base, preset: 'custom', custom: rule };
}
