import ical, { ICalCalendarMethod } from 'ical-generator';
import { iso } from '../../db/sql.ts';
import type { FeedIssueRow } from './calendar.repository.ts';

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const STATUS_LABEL: Record<string, string> = { ru: 'Статус', en: 'Status' };

/**
 * One all-day event per issue: from its start date (or due date) to its due date inclusive, so
 * DTEND is the day after (RFC 5545 §3.6.1: an all-day DTEND is exclusive).
 */
export function buildIcs(options: { name: string; publicUrl: string; locale: string; issues: FeedIssueRow[] }): string {
  const host = new URL(options.publicUrl).hostname;
  const calendar = ical({ name: options.name, prodId: { company: 'Tracker', product: 'Tracker', language: 'EN' }, method: ICalCalendarMethod.PUBLISH, ttl: 60 * 60 });
  const statusLabel = STATUS_LABEL[options.locale] ?? STATUS_LABEL.en!;
  for (const issue of options.issues) {
    const first = issue.start_date ?? issue.due_date!;
    const last = issue.due_date ?? issue.start_date!;
    calendar.createEvent({
      id: `issue-${issue.id}@${host}`,
      allDay: true,
      start: first,
      end: nextDay(last),
      summary: `${issue.key} ${issue.title}`,
      description: `${statusLabel}: ${issue.status_name}`,
      url: `${options.publicUrl}/issues/${issue.key}`,
      stamp: new Date(iso(issue.updated_at)),
    });
  }
  return calendar.toString();
}
