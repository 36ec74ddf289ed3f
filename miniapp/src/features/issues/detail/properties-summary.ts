// The phone's "Properties" row says what the sheet behind it holds in a few words:
// "High · Due 26 Nov · 2 labels".
import type { Locale } from '@tracker/shared/locales';
import type { Priority } from '@tracker/shared/api/issues';
import { formatDay } from '../../../lib/dates.ts';

type T = (key: string, params?: Record<string, unknown>) => string;

export function propertiesSummary(issue: { priority: Priority; dueDate: string | null; labelIds: readonly number[] }, t: T, locale: Locale): string {
  const parts = [t(`issues.priority.${issue.priority}`)];
  if (issue.dueDate) parts.push(t('issues.list.dueOn', { date: formatDay(issue.dueDate, locale) }));
  if (issue.labelIds.length) parts.push(t('issues.detail.labelsCount', { count: issue.labelIds.length }));
  return parts.join(' · ');
}
