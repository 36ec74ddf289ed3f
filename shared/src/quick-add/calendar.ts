// Calendar dates as plain Y-M-D triples. Arithmetic goes through Date.UTC, which has no
// DST or local-zone behaviour, so adding days can never skip or repeat a date.
export interface Ymd {
  year: number;
  month: number; // 1–12
  day: number;
}

const MS_PER_DAY = 86_400_000;

/** A `YYYY-MM-DD` date as a triple. */
export function ymdOf(date: string): Ymd {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// Years below 1000 are rejected: Date.UTC maps 0–99 to 1900–1999 and nobody means them here.
export function isValidYmd(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) &&
    year >= 1000 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

export function ymd(year: number, month: number, day: number): Ymd | null {
  return isValidYmd(year, month, day) ? { year, month, day } : null;
}

export function addDays(date: Ymd, days: number): Ymd {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: Ymd): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function compareYmd(a: Ymd, b: Ymd): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The next date strictly after `today` that falls on `targetWeekday`. */
export function nextWeekday(today: Ymd, targetWeekday: number): Ymd {
  const diff = (targetWeekday - weekday(today) + 7) % 7;
  return addDays(today, diff === 0 ? 7 : diff);
}

export function endOfMonth(today: Ymd): Ymd {
  return { year: today.year, month: today.month, day: daysInMonth(today.year, today.month) };
}

/** A day and month without a year: this year, or next year if that date has already passed. */
export function upcoming(today: Ymd, month: number, day: number): Ymd | null {
  const thisYear = ymd(today.year, month, day);
  if (thisYear && compareYmd(thisYear, today) >= 0) return thisYear;
  return ymd(today.year + 1, month, day);
}

export function formatYmd(date: Ymd): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

/** A `YYYY-MM-DD` date `days` later (earlier when negative): due-date snoozes on the server and in the bot. */
export function plusDays(date: string, days: number): string {
  return formatYmd(addDays(ymdOf(date), days));
}

/**
 * A snoozed due date: `days` after the due date, or after today when it has passed (or is unset),
 * so snoozing an overdue issue never leaves it overdue.
 */
export function snoozedDue(due: string | null, today: string, days: number): string {
  return plusDays(due && due > today ? due : today, days);
}
