/** Minutes since local midnight in a time zone (UTC when the zone is unknown). */
export function localMinutes(now: Date, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  } catch {
    return now.getUTCHours() * 60 + now.getUTCMinutes();
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** Quiet hours may wrap midnight (22:00–08:00); notifications then arrive without a sound. */
export function inQuietHours(quiet: { from: number | null; to: number | null; timeZone: string }, now = new Date()): boolean {
  if (quiet.from == null || quiet.to == null || quiet.from === quiet.to) return false;
  const m = localMinutes(now, quiet.timeZone);
  return quiet.from < quiet.to ? m >= quiet.from && m < quiet.to : m >= quiet.from || m < quiet.to;
}

export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** 09:00, the digest's time until the user picks one. */
export const DEFAULT_DIGEST_TIME = 9 * 60;

/** Minutes after midnight as `HH:MM`. */
export const toTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
