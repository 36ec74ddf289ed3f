// One week as a 7-column grid: the day cells fill every row (they are the drop and click targets),
// the issue segments sit on top in lanes, so a start→due span reads as one bar across its days.
import type { Status } from '@tracker/shared/api/projects';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarIssue } from '../api.ts';
import { hiddenPerDay, layoutWeek, type IsoDate } from '../dates.ts';
import type { DragState } from '../use-drag.ts';
import { IssueChip } from './IssueChip.tsx';

export interface WeekRowProps {
  days: IsoDate[];
  issues: readonly CalendarIssue[];
  statuses: ReadonlyMap<number, Status>;
  today: IsoDate;
  /** Month view: days outside this month are dimmed. */
  month?: string;
  /** Lanes drawn before "+N more"; unlimited when absent. */
  maxLanes?: number;
  drag: DragState | null;
  pendingIds: ReadonlySet<number>;
  formatDay: (date: IsoDate) => string;
  /** Month grid: the 1st also names its month, so weeks spanning two months read clearly. */
  formatMonth?: (date: IsoDate) => string;
  formatLong: (date: IsoDate) => string;
  onCreate: (date: IsoDate) => void;
  onMore: (date: IsoDate) => void;
  onPointerDown: (e: PointerEvent<HTMLElement>, issueId: number, segment: string) => void;
  onMove: (issue: CalendarIssue) => void;
}

export function WeekRow(props: WeekRowProps) {
  const { t } = useTranslation();
  const { days, drag, maxLanes } = props;
  const segments = layoutWeek(days, props.issues);
  const lanes = segments.reduce((n, s) => Math.max(n, s.lane + 1), 0);
  const shownLanes = maxLanes === undefined ? lanes : Math.min(lanes, maxLanes);
  const hidden = maxLanes === undefined ? null : hiddenPerDay(segments, maxLanes);
  const anyHidden = hidden?.some((n) => n > 0) ?? false;
  const rows = 1 + Math.max(shownLanes, 1) + (anyHidden ? 1 : 0);

  return (
    <div className="cal-week" style={{ gridTemplateRows: `var(--head-h) repeat(${rows - 1}, var(--lane-h)) 1fr` }}>
      {days.map((date, col) => {
        const outside = props.month !== undefined && !date.startsWith(props.month);
        return (
          <div
            key={date}
            className="cal-day"
            style={{ gridColumn: col + 1, gridRow: '1 / -1' }}
            data-drop-date={date}
            data-testid={`cal-day-${date}`}
            data-today={date === props.today || undefined}
            data-outside={outside || undefined}
            data-drop-target={drag?.over === date || undefined}
            onClick={(e) => {
              if (!(e.target as HTMLElement).closest('button, a')) props.onCreate(date);
            }}
          >
            <div className="cal-day__head">
              <span className="cal-day__num">
                {date === props.today && <span className="visually-hidden">{t('calendar.today')}, </span>}
                {props.formatDay(date)}
                {props.formatMonth && date.endsWith('-01') && <span className="cal-day__month"> {props.formatMonth(date)}</span>}
              </span>
              <button
                type="button"
                className="cal-day__add"
                data-testid={`cal-add-${date}`}
                aria-label={t('calendar.createOn', { date: props.formatLong(date) })}
                onClick={() => props.onCreate(date)}
              >
                <span aria-hidden="true">+</span>
              </button>
            </div>
          </div>
        );
      })}
      {segments
        .filter((s) => s.lane < shownLanes)
        .map((s) => {
          const segment = `${s.item.id}@${days[0]}`;
          return (
            <IssueChip
              key={segment}
              issue={s.item}
              status={props.statuses.get(s.item.statusId)}
              segment={segment}
              style={{ gridColumn: `${s.startCol + 1} / ${s.endCol + 2}`, gridRow: s.lane + 2 }}
              continuesBefore={s.continuesBefore}
              continuesAfter={s.continuesAfter}
              dragging={drag && drag.segment === segment ? drag : null}
              pending={props.pendingIds.has(s.item.id)}
              onPointerDown={props.onPointerDown}
              onMove={props.onMove}
            />
          );
        })}
      {hidden?.map((n, col) =>
        n > 0 ? (
          <button
            key={`more-${col}`}
            type="button"
            className="cal-more"
            style={{ gridColumn: col + 1, gridRow: rows }}
            data-testid={`cal-more-${days[col]}`}
            aria-label={t('calendar.moreLabel', { count: n, date: props.formatLong(days[col]!) })}
            onClick={() => props.onMore(days[col]!)}
          >
            <span className="cal-more__long">{t('calendar.more', { count: n })}</span>
            <span className="cal-more__short" aria-hidden="true">
              +{n}
            </span>
          </button>
        ) : null,
      )}
    </div>
  );
}
