// One issue's row: its key and title in the sticky first column, and its bar. A row renders again
// only when its own issue, box or marks change (the chart passes stable handlers).
import type { IssueListItem } from '@tracker/shared/api/issues';
import { memo, useLayoutEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { BarBox, Span } from '../geometry.ts';
import { resetBar, type BarTarget } from '../use-bar-drag.ts';

export interface RowHandlers {
  onPointerDown: (e: PointerEvent<HTMLElement>, target: BarTarget) => void;
  onKeyDown: (e: KeyboardEvent<HTMLElement>, target: BarTarget) => void;
  onBlur: (issueId: number) => void;
}

interface Props {
  issue: IssueListItem;
  span: Span;
  box: BarBox | null;
  y: number;
  href: string;
  /** The bar's accessible name: key, title, dates and any warning. */
  label: string;
  /** The status colour (the bar's edge); the theme's border colour when unknown. */
  color: string | undefined;
  done: boolean;
  /** Keys of the unfinished blockers it starts too early for. */
  blockers: readonly string[] | undefined;
  pending: boolean;
  readOnly: boolean;
  handlers: RowHandlers;
}

export const TimelineRow = memo(function TimelineRow({ issue, span, box, y, href, label, color, done, blockers, pending, readOnly, handlers }: Props) {
  const bar = useRef<HTMLAnchorElement>(null);
  // A drag leaves its transform and width on the element until the bar renders at its new dates.
  useLayoutEffect(() => {
    if (bar.current && box) resetBar(bar.current, box);
  }, [issue, box]);
  const target = { issue, box: box! };
  const classes = ['tl-bar', span.single && 'tl-bar--single', box?.cutStart && 'tl-bar--cut-start', box?.cutEnd && 'tl-bar--cut-end', done && 'tl-bar--done', blockers && 'tl-bar--warning', pending && 'tl-bar--pending']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="tl-row" style={{ transform: `translateY(${y}px)` }} data-warning={blockers ? true : undefined}>
      <div className="tl-label" title={`${issue.key} ${issue.title}`}>
        <span className="tl-label__key">{issue.key}</span> <span className="tl-label__title">{issue.title}</span>
        {blockers && <span className="tl-label__warn" aria-hidden="true">⚠</span>}
      </div>
      {box && (
        <a
          ref={bar}
          href={href}
          className={classes}
          style={{ transform: `translateX(${box.left}px)`, width: box.width, ['--bar-color' as string]: color ?? 'var(--border)' }}
          data-testid={`tl-bar-${issue.key}`}
          data-issue-id={issue.id}
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
      )}
    </div>
  );
});
