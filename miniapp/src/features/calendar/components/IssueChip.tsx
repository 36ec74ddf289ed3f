import type { Status } from '@tracker/shared/api/projects';
import type { CSSProperties, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Menu, MenuItem, MenuLink } from '../../../components/Menu.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import type { CalendarIssue } from '../api.ts';
import { useReadableColor } from '../../../lib/theme-watch.ts';

interface Props {
  issue: CalendarIssue;
  status: Status | undefined;
  /** Identifies this rendered piece (a span drawn over several weeks has one per week). */
  segment: string;
  style?: CSSProperties;
  className?: string;
  dragging?: { dx: number; dy: number } | null;
  continuesBefore?: boolean;
  continuesAfter?: boolean;
  /** Extra text after the title (agenda: the dates). */
  detail?: string;
  pending?: boolean;
  onPointerDown: (e: PointerEvent<HTMLElement>, issueId: number, segment: string) => void;
  onMove: (issue: CalendarIssue) => void;
}

export function IssueChip({ issue, status, segment, style, className, dragging, continuesBefore, continuesAfter, detail, pending, onPointerDown, onMove }: Props) {
  const { t } = useTranslation();
  const readable = useReadableColor();
  const href = useHref();
  const completed = status?.category === 'completed' || status?.category === 'canceled';
  const statusName = status?.name ?? '';

  const classes = ['cal-chip', className, continuesBefore && 'cal-chip--cont-before', continuesAfter && 'cal-chip--cont-after', completed && 'cal-chip--done', dragging && 'cal-chip--dragging', pending && 'cal-chip--pending']
    .filter(Boolean)
    .join(' ');
  const chipStyle: CSSProperties = {
    ...style,
    ['--chip-color' as string]: status?.color ? readable(status.color) : 'var(--border)',
    ...(dragging ? { transform: `translate(${dragging.dx}px, ${dragging.dy}px)` } : null),
  };

  return (
    <div
      className={classes}
      style={chipStyle}
      data-testid={`cal-chip-${issue.key}`}
      data-issue-id={issue.id}
      onPointerDown={(e) => onPointerDown(e, issue.id, segment)}
      onDragStart={(e) => e.preventDefault()}
    >
      <Link href={href('issue', { id: issue.key })} className="cal-chip__link" draggable={false} title={`${issue.key} ${issue.title}${statusName ? ` · ${statusName}` : ''}`}>
        <span className="cal-chip__key">{issue.key}</span> <span className="cal-chip__title">{issue.title}</span>
        {detail && <span className="cal-chip__detail">{detail}</span>}
        {statusName && <span className="visually-hidden">, {t('calendar.chip.status', { status: statusName })}</span>}
      </Link>
      <Menu
        label={t('calendar.chip.actions', { key: issue.key })}
        align="end"
        portal
        trigger={
          <button type="button" className="cal-chip__menu" aria-label={t('calendar.chip.actions', { key: issue.key })} data-testid={`cal-chip-menu-${issue.key}`}>
            <span aria-hidden="true">⋯</span>
          </button>
        }
      >
        <MenuLink href={href('issue', { id: issue.key })} testId="cal-menu-open">
          {t('calendar.chip.open')}
        </MenuLink>
        <MenuItem onSelect={() => onMove(issue)} testId="cal-menu-move">
          {t('calendar.chip.move')}
        </MenuItem>
      </Menu>
    </div>
  );
}
