// Calendar arithmetic on plain `YYYY-MM-DD` strings (the API's date format). Days are counted in
// UTC so that a daylight-saving change never turns one day into 23 or 25 hours. Today and the week
// start are the rules of shared/src/dates.ts (in the user's zone: lib/dates.ts).
export { addDays, startOfWeek, weekdayOf, type Weekday } from '@tracker/shared/dates';

export type IsoDate = string;

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string | null | undefined): value is IsoDate {
  const m = value ? DATE_RE.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return toIso(d) === value;
}

function toIso(d: Date): IsoDate {
  return d.toISOString().slice(0, 10);
}

/** Days since 1970-01-01. */
export function dayNumber(date: IsoDate): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function fromDayNumber(n: number): IsoDate {
  return toIso(new Date(n * DAY_MS));
}

/** `b - a` in days. */
export function diffDays(a: IsoDate, b: IsoDate): number {
  return dayNumber(b) - dayNumber(a);
}

export function startOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: IsoDate): IsoDate {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return toIso(new Date(Date.UTC(y, m, 0)));
}

/** Same day of month `months` later, clamped to the month's length (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return toIso(first);
}
