// Times the inbox shows and picks: "3 hours ago", and the two snooze choices in the user's own
// day (tomorrow morning, next Monday morning).
const MORNING_HOUR = 9;

/** 09:00 tomorrow, local time. */
export function tomorrowMorning(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, MORNING_HOUR);
}

/** 09:00 next Monday (a week on when today is Monday), local time. */
export function nextWeekMorning(now: Date): Date {
  const daysToMonday = ((8 - now.getDay()) % 7) || 7;
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + daysToMonday, MORNING_HOUR);
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago", "yesterday" in the locale. */
export function relativeTime(iso: string, now: Date, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  // Never "in 1 sec.": the server's clock may run a little ahead of this one.
  let value = Math.min(0, (new Date(iso).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
