// One issue's row, in two pieces: its key and title in the sticky first column (one sticky
// element holds them all: a sticky element per row made a compositor layer each), and its bar in
// the chart. Each renders again only when its own issue, box or marks change.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { memo, useLayoutEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BarBox, Dated, Span } from '../geometry.ts';
import { resetBar, type BarTarget } from '../use-bar-drag.ts';

export interface RowHandlers {
  onPointerDown: (e: PointerEvent<HTMLElement>, target: BarTarget) => void;
  onKeyDown: (e: KeyboardEvent<HTMLElement>, target: BarTarget) => void;
  onBlur: (issueId: number) => void;
}

export const LabelRow = memo(function LabelRow({ issue, y, warning }: { issue: IssueListItem; y: number; warning: boolean }) {
  return (
    <div className="tl-label" style={{ transform: `translateY(${y}px)` }} data-warning={warning || undefined} title={`${issue.key} ${issue.title}`}>
      <span className="tl-label__key">{issue.key}</span> <span className="tl-label__title">{issue.title}</span>
      {warning && (
        <span className="tl-label__warn" aria-hidden="true">
          ⚠
        </span>
      )}
    </div>
  );
});

interface BarProps {
  issue: IssueListItem;
  span: Span;
  box: BarBox;
  y: number;
  href: string;
  /** The status colour (the bar's edge); the theme's border colour when unknown. */
  color: string | undefined;
  done: boolean;
  /** Keys of the unfinished blockers it starts too early for, joined. */
  blockers: string | undefined;
  blockerCount: number;
  pending: boolean;
  readOnly: boolean;
  describeDates: (dates: Dated) => string;
  handlers: RowHandlers;
}

export const BarRow = memo(function BarRow({ issue, span, box, y, href, color, done, blockers, blockerCount, pending, readOnly, describeDates, handlers }: BarProps) {
  const { t } = useTranslation();
  const bar = useRef<HTMLAnchorElement>(null);
  // A drag leaves its offset and width on the element until the bar renders at its new dates.
  useLayoutEffect(() => {
    if (bar.current) resetBar(bar.current, box);
  }, [issue, box]);
  const target = { issue, box };
  const label = `${issue.key} ${issue.title}, ${describeDates(issue)}${blockers ? `. ${t('timeline.warning', { keys: blockers, count: blockerCount })}` : ''}`;
  const classes = ['tl-bar', span.single && 'tl-bar--single', box.cutStart && 'tl-bar--cut-start', box.cutEnd && 'tl-bar--cut-end', done && 'tl-bar--done', blockers && 'tl-bar--warning', pending && 'tl-bar--pending']
    .filter(Boolean)
    .join(' ');
  return (
    <a
      ref={bar}
      href={href}
      className={classes}
      style={{ transform: `translate(${box.left}px, ${y}px)`, width: box.width, ['--bar-color' as string]: color ?? 'var(--border)' }}
      data-testid={`tl-bar-${issue.key}`}
      data-issue-id={issue.id}
      data-drag={readOnly ? undefined : true}
      data-start={issue.startDate ?? ''}
      data-due={issue.dueDate ?? ''}
      aria-label={label}
      aria-describedby={readOnly ? undefined : 'tl-keys-hint'}
      aria-keyshortcuts={readOnly ? undefined : 'ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Enter Escape'}
      draggable={false}
      onPointerDown={readOnly ? undefined : (e) => handlers.onPointerDown(e, target)}
      onKeyDown={readOnly ? undefined : (e) => handlers.onKeyDown(e, target)}
      onBlur={readOnly ? undefined : () => handlers.onBlur(issue.id)}
      onDragStart={(e) => e.preventDefault()}
    >
      <span className="tl-bar__text" aria-hidden="true">
        {issue.key} {issue.title}
      </span>
      <span className="tl-bar__when" aria-hidden="true" />
    </a>
  );
});
