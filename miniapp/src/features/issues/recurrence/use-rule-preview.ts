// What the editor shows under the rule as it is typed: the rule in words, or why it is refused,
// and the next date — the same checks the server makes (shared/recurrence/rule.ts).
import type { Locale } from '@tracker/shared/locales';
import { describeRule, type DescribeFn } from '@tracker/shared/recurrence/describe';
import { checkRule, nextOccurrence, RuleTooCostly, utcMidnight } from '@tracker/shared/recurrence/rule';
import type { TFunction } from 'i18next';
import { formatDay as formatDayOf } from '../../../lib/dates.ts';

export interface RulePreview {
  words: string | null;
  problem: string | null;
  next: Date | null;
}

/** `dueDate` anchors a rule without DTSTART, as on the server (today when the issue has none). */
export function previewRule(rule: string | null, dueDate: string | null, t: TFunction, locale: Locale, now = new Date()): RulePreview {
  if (!rule) return { words: null, problem: null, next: null };
  const checked = checkRule(rule, utcMidnight(dueDate ?? now), now);
  if ('problem' in checked) return { words: null, problem: t(checked.problem), next: null };
  const today = utcMidnight(now);
  const due = dueDate ? utcMidnight(dueDate) : null;
  let next: Date | null;
  try {
    next = nextOccurrence(checked.rule, checked.dtstart, due && due > today ? due : today);
  } catch (err) {
    // A due date far ahead can put the next date beyond the walk's budget: the server refuses it too.
    if (err instanceof RuleTooCostly) return { words: null, problem: t('recurrence.tooCostly'), next: null };
    throw err;
  }
  return { words: describeRule(rule, describer(t), locale), problem: null, next };
}

/** The web app's `t` as the describer's translate function. */
export const describer =
  (t: TFunction): DescribeFn =>
  (key, values) =>
    t(key, values ?? {});

/** A date of the series (an instant at midnight UTC, as the rules count days) as its day. */
export const formatDay = (date: Date | string, locale: Locale) =>
  formatDayOf(new Date(date).toISOString().slice(0, 10), locale, { day: 'numeric', month: 'long', year: 'numeric', weekday: 'short' });
