// Small pieces shared by list rows and board cards. Meaning never rests on colour alone: every
// icon carries text (visible or for screen readers).
import type { Priority } from '@tracker/shared/api/issues';
import { isOverdueOn } from '@tracker/shared/dates';
import type { Locale } from '@tracker/shared/locales';
import { formatDuration } from '@tracker/shared/duration-format';
import type { Label, Status } from '@tracker/shared/api/projects';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import './bits.css';
import { formatDay as formatDayIn, today as userToday } from '../../lib/dates.ts';
import { initials } from '../../lib/initials.ts';
import { ColorDot } from '../ColorDot.tsx';

const BARS: Record<Priority, number> = { none: 0, urgent: 3, high: 3, medium: 2, low: 1 };

// Texts come from the caller's `t`: a list renders dozens of these, and a translation hook in each
// was a noticeable part of a list's render (issue 14).
export const PriorityIcon = memo(function PriorityIcon({ priority, t }: { priority: Priority; t: TFunction }) {
  const label = t(`issues.filters.priorities.${priority}`);
  return (
    <span className={`prio prio--${priority}`} title={label} role="img" aria-label={label}>
      {priority === 'urgent' ? (
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <rect x="1" y="1" width="14" height="14" rx="3" fill="currentColor" />
          <rect x="7" y="3.5" width="2" height="6" fill="var(--surface)" />
          <rect x="7" y="11" width="2" height="2" fill="var(--surface)" />
        </svg>
      ) : priority === 'none' ? (
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <rect x="2" y="7" width="3" height="2" fill="currentColor" />
          <rect x="6.5" y="7" width="3" height="2" fill="currentColor" />
          <rect x="11" y="7" width="3" height="2" fill="currentColor" />
        </svg>
      ) : (
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <rect key={i} x={2 + i * 4.5} y={10 - i * 4} width="3" height={4 + i * 4} rx="1" fill="currentColor" opacity={i < BARS[priority] ? 1 : 0.25} />
          ))}
        </svg>
      )}
    </span>
  );
});

export const isClosed = (status: Status | undefined) => status?.category === 'completed' || status?.category === 'canceled';

export function StatusChip({ status }: { status: Status | undefined }) {
  if (!status) return <span className="status-chip status-chip--unknown">…</span>;
  return (
    <span className="status-chip">
      <ColorDot color={status.color} className="status-chip__dot" />
      {status.name}
    </span>
  );
}

export function LabelChips({ labels }: { labels: Label[] }) {
  if (labels.length === 0) return null;
  return (
    <span className="label-chips">
      {labels.map((l) => (
        <span key={l.id} className="label-chip">
          <ColorDot color={l.color} className="label-chip__dot" />
          {l.name}
        </span>
      ))}
    </span>
  );
}

export function Avatar({ name }: { name: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {initials(name)}
    </span>
  );
}

/** Overdue: due before the user's today (shared/src/dates.ts) and not completed. */
export const isOverdue = (dueDate: string | null, completedAt: string | null, today = userToday()): boolean => !completedAt && isOverdueOn(dueDate, today);

/** Formatted days by locale and date: a list shows the same few dates many times. */
const days = new Map<string, string>();
function formatDay(iso: string, locale: Locale): string {
  const key = `${locale}|${iso}`;
  let out = days.get(key);
  if (out === undefined) days.set(key, (out = formatDayIn(iso, locale)));
  return out;
}

/** A due date's texts per translation function (one per language): rows repeat the same few dates. */
const dueTexts = new WeakMap<TFunction, Map<string, { title: string; overdue: string }>>();

function dueText(t: TFunction, day: string) {
  let byDay = dueTexts.get(t);
  if (!byDay) dueTexts.set(t, (byDay = new Map()));
  let texts = byDay.get(day);
  if (!texts) byDay.set(day, (texts = { title: t('issues.list.dueOn', { date: day }), overdue: t('issues.list.overdue', { date: day }) }));
  return texts;
}

/** `done`: completed or canceled (by its status' category) — never shown as overdue. */
export function DueDate({ dueDate, completedAt, done = false, locale, t }: { dueDate: string | null; completedAt: string | null; done?: boolean; locale: Locale; t: TFunction }) {
  if (!dueDate) return null;
  const overdue = !done && isOverdue(dueDate, completedAt);
  const day = formatDay(dueDate, locale);
  const texts = dueText(t, day);
  return (
    <time dateTime={dueDate} className={`due${overdue ? ' due--overdue' : ''}`} title={texts.title}>
      {overdue ? texts.overdue : day}
    </time>
  );
}

/** Time logged on the issue, compact (`3h 30m`); nothing when none. */
export function Spent({ minutes, t }: { minutes: number; t: TFunction }) {
  if (!minutes) return null;
  const text = formatDuration(minutes, (key, values) => t(key, values));
  return (
    <span className="spent" title={t('issues.list.spent', { duration: text })} data-testid="issue-spent">
      {text}
    </span>
  );
}
