import type { Status } from '@tracker/shared/api/projects';
import type { TFunction } from 'i18next';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarIssue } from '../api.ts';
import { agendaGroups, type IsoDate } from '../dates.ts';
import { IssueChip } from './IssueChip.tsx';

interface Props {
  issues: readonly CalendarIssue[];
  from: IsoDate;
  to: IsoDate;
  today: IsoDate;
  statuses: ReadonlyMap<number, Status>;
  pendingIds: ReadonlySet<number>;
  formatLong: (date: IsoDate) => string;
  formatHeading: (date: IsoDate) => string;
  formatShort: (date: IsoDate) => string;
  onCreate: (date: IsoDate) => void;
  onMove: (issue: CalendarIssue) => void;
}

const noDrag = (_e: PointerEvent<HTMLElement>) => undefined;

/** A list by due day: the phone-friendly view, rescheduled from each chip's menu. */
export function AgendaView(props: Props) {
  const { t } = useTranslation();
  const groups = agendaGroups(props.issues, props.from, props.to);
  if (!groups.length) return <p className="cal-empty muted" data-testid="cal-agenda-empty">{t('calendar.agendaEmpty')}</p>;
  return (
    <div className="cal-agenda" data-testid="cal-agenda">
      {groups.map((group) => (
        <section key={group.date} className="cal-agenda__day" data-testid={`cal-agenda-${group.date}`} data-today={group.date === props.today || undefined} aria-labelledby={`agenda-${group.date}`}>
          <div className="cal-agenda__head">
            <h2 id={`agenda-${group.date}`}>
              {props.formatHeading(group.date)}
              {group.date === props.today && <span className="cal-badge">{t('calendar.today')}</span>}
            </h2>
            <button type="button" className="cal-day__add cal-day__add--visible" data-testid={`cal-add-${group.date}`} aria-label={t('calendar.createOn', { date: props.formatLong(group.date) })} onClick={() => props.onCreate(group.date)}>
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <ul className="cal-agenda__list">
            {group.items.map((issue) => (
              <li key={issue.id}>
                <IssueChip
                  issue={issue}
                  status={props.statuses.get(issue.statusId)}
                  segment={`agenda-${issue.id}`}
                  className="cal-chip--row"
                  detail={describeDates(issue, props.formatShort, t)}
                  pending={props.pendingIds.has(issue.id)}
                  onPointerDown={noDrag}
                  onMove={props.onMove}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function describeDates(issue: CalendarIssue, format: (d: IsoDate) => string, t: TFunction): string {
  if (issue.startDate && issue.dueDate && issue.startDate !== issue.dueDate) return t('calendar.span', { start: format(issue.startDate), due: format(issue.dueDate) });
  if (!issue.dueDate && issue.startDate) return t('calendar.startsOn', { date: format(issue.startDate) });
  return '';
}
