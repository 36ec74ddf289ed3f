import { formatYmd, type Ymd } from '@tracker/shared/quick-add/calendar';
import { findDates } from '@tracker/shared/quick-add/dates';

/**
 * A due date typed to the bot — `завтра`, `пт`, `25.12`, `tomorrow`, `next monday`, `2026-12-25` —
 * read by the quick-add parser. The whole answer must be one date phrase; null otherwise.
 */
export function parseDueDate(text: string, today: Ymd): string | null {
  const input = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!input) return null;
  const whole = findDates(input, { today, weekStartsOn: 1 }).find((m) => m.start === 0 && m.end === input.length);
  return whole ? formatYmd(whole.date) : null;
}

export { plusDays, snoozedDue, todayOf } from '@tracker/shared/quick-add/calendar';
