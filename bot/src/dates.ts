import { addDays, formatYmd, nextWeekday, type Ymd } from '@tracker/shared/quick-add/calendar';
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

/** The due date buttons of `/new`, in their order. */
export const DUE_CHOICES = ['today', 'tomorrow', 'friday', 'none'] as const;
export type DueChoice = (typeof DUE_CHOICES)[number];
const FRIDAY = 5;

/** A due date button's date ("friday" is the next Friday after today, as the parser reads "пт"); null for "none" or an unknown word. */
export function dueChoiceDate(choice: string, today: Ymd): string | null {
  if (choice === 'today') return formatYmd(today);
  if (choice === 'tomorrow') return formatYmd(addDays(today, 1));
  if (choice === 'friday') return formatYmd(nextWeekday(today, FRIDAY));
  return null;
}
