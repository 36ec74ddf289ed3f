import type { IssueListItem } from '@tracker/shared/api/issues';
import type { Locale } from '@tracker/shared/locales';
import type { TFunction } from 'i18next';
import type { ListProject } from '../detail/from-store.ts';
import { memo, type MouseEvent } from 'react';
import { Avatar, DueDate, isClosed, LabelChips, PriorityIcon, Spent, StatusChip } from '../../../components/issue/bits.tsx';
import { SlaBadge } from '../../../components/issue/SlaBadge.tsx';

interface Props {
  issue: IssueListItem;
  project: ListProject | undefined;
  href: string;
  locale: Locale;
  selectable: boolean;
  selected: boolean;
  active: boolean;
  /** Edited here, not yet confirmed by the server (queued offline, or on its way). */
  pending: boolean;
  onToggle: (id: number, range: boolean) => void;
  /** The list's `t` (one translation hook for the list, not one per row). */
  t: TFunction;
}

/** One list row. Memoised: selection or focus changes re-render only the rows they touch. */
export const IssueRow = memo(function IssueRow({ issue, project, href, locale, selectable, selected, active, pending, onToggle, t }: Props) {
  const status = project?.statuses.find((s) => s.id === issue.statusId);
  const labels = project ? project.labels.filter((l) => issue.labelIds.includes(l.id)) : [];
  // Handled on click (not change) to read the shift key. The click's own toggle is not cancelled: a
  // cancelled click puts the box back after React has drawn the new selection, so it showed unchecked.
  const onCheck = (e: MouseEvent<HTMLInputElement>) => onToggle(issue.id, e.shiftKey);
  return (
    <li
      className={`issue-row${selectable ? '' : ' issue-row--plain'}${selected ? ' issue-row--selected' : ''}${active ? ' issue-row--active' : ''}`}
      data-testid="issue-row"
      data-issue-key={issue.key}
      data-issue-id={issue.id}
      aria-current={active ? 'true' : undefined}
    >
      {selectable && (
        <label className="issue-row__hit">
          <input
            type="checkbox"
            className="issue-row__check"
            checked={selected}
            onClick={onCheck}
            onChange={() => undefined}
            aria-label={t('issues.list.select', { key: issue.key })}
            data-testid="issue-select"
          />
        </label>
      )}
      <PriorityIcon priority={issue.priority} t={t} />
      <span className="issue-row__key">{issue.key}</span>
      {/* One grid cell for the title, its labels and marks, so the meta columns stay in line. */}
      <span className="issue-row__main">
        {issue.recurrence && (
          <span className="issue-row__repeat" title={t('recurrence.ui.repeats')} aria-label={t('recurrence.ui.repeats')} data-testid="issue-repeats">
            ↻
          </span>
        )}
        {/* A plain link: the list routes its clicks (IssueList), no router hooks in every row. */}
        <a href={href} className="issue-row__title" data-testid="issue-title">
          {issue.title}
        </a>
        <LabelChips labels={labels} />
        <SlaBadge issue={issue} locale={locale} t={t} />
        {pending && (
          <span className="issue-row__pending" role="img" title={t('issues.list.pending')} aria-label={t('issues.list.pending')} data-testid="issue-pending">
            ⏳
          </span>
        )}
      </span>
      {/* A cell per property, so each sits in its own column from row to row (empty cells hold their place). */}
      <span className="issue-row__meta">
        <span className="issue-row__cell">
          <StatusChip status={status} />
        </span>
        <span className="issue-row__cell">
          <DueDate dueDate={issue.dueDate} completedAt={issue.completedAt} done={isClosed(status)} locale={locale} t={t} />
        </span>
        <span className="issue-row__cell">
          <Spent minutes={issue.spentMinutes} t={t} />
        </span>
        <span className="issue-row__cell">
          {issue.assignee ? (
            <span className="issue-row__assignee" title={issue.assignee.name}>
              <Avatar name={issue.assignee.name} />
              <span className="issue-row__assignee-name">{issue.assignee.name}</span>
            </span>
          ) : (
            <span className="issue-row__assignee issue-row__assignee--none">{t('issues.list.unassigned')}</span>
          )}
        </span>
      </span>
    </li>
  );
});
