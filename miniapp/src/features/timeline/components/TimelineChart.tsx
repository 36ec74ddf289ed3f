// The chart: one scroll box (both ways) holding the sticky axis, the sticky first column and the
// rows. Only the rows in view (and a few around them) are rendered — a scroll re-renders when the
// first visible row changes, never while scrolling sideways — and the arrows are drawn for them.
import type { IssueListItem } from '@tracker/shared/api/issues';
import type { Milestone } from '@tracker/shared/api/milestones';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { IsoDate, Weekday } from '../../../lib/iso-dates.ts';
import { followLink } from '../../../lib/plain-click.ts';
import type { BlockRelation } from '../api.ts';
import { arrowPath, barBox, rowRange, type BarBox, type Dated } from '../geometry.ts';
import type { Row } from '../rows.ts';
import { dayToX, scaleOf, type ScaleUnit, type TimeWindow } from '../scale.ts';
import { useBarDrag } from '../use-bar-drag.ts';
import { Axis } from './Axis.tsx';
import { TimelineRow, type RowHandlers } from './TimelineRow.tsx';

export const ROW_H = 32;
/** The axis's two rows and the milestones lane (timeline.css). */
const HEAD_H = 24 + 24 + 26;

interface Props {
  window: TimeWindow;
  weekStart: Weekday;
  today: IsoDate;
  /** Scrolled into view when the window opens. */
  focusDate: IsoDate;
  rows: readonly Row<IssueListItem>[];
  relations: readonly BlockRelation[];
  conflicts: ReadonlyMap<number, number[]>;
  milestones: readonly Milestone[];
  pending: ReadonlySet<number>;
  readOnly: boolean;
  labelWidth: number;
  issueHref: (key: string) => string;
  colorOf: (statusId: number) => string | undefined;
  isDone: (statusId: number) => boolean;
  keyOf: (issueId: number) => string;
  describeDates: (dates: Dated) => string;
  format: (unit: ScaleUnit, date: IsoDate, row: 'upper' | 'lower') => string;
  formatLong: (date: IsoDate) => string;
  onCommit: (issue: IssueListItem, dates: Dated) => boolean;
}

export function TimelineChart(props: Props) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { window: w, rows, labelWidth } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const live = useRef<HTMLParagraphElement>(null);
  const [view, setView] = useState({ first: 0, height: 800 });
  const frame = useRef(0);

  useLayoutEffect(() => {
    const el = scroller.current!;
    const measure = () => setView((v) => (v.height === el.clientHeight ? v : { ...v, height: el.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, []);

  // A new window opens at the day asked for, a third of the way in.
  useLayoutEffect(() => {
    const el = scroller.current!;
    el.scrollLeft = Math.max(0, dayToX(w, props.focusDate) - (el.clientWidth - labelWidth) / 3);
  }, [w, props.focusDate, labelWidth]);

  const onScroll = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const el = scroller.current;
      if (!el) return;
      const first = Math.floor(el.scrollTop / ROW_H);
      setView((v) => (v.first === first ? v : { ...v, first }));
    });
  }, []);

  const layout = useMemo(() => {
    const boxes = new Map<number, { row: number; box: BarBox }>();
    const groupOf: number[] = [];
    let group = 0;
    rows.forEach((row, i) => {
      if (row.kind === 'group') group = i;
      groupOf.push(group);
      if (row.kind === 'issue') {
        const box = barBox(w, row.span);
        if (box) boxes.set(row.issue.id, { row: i, box });
      }
    });
    return { boxes, groupOf };
  }, [rows, w]);

  const preview = useCallback(
    (issue: IssueListItem, dates: Dated | null) => {
      const words = dates ? props.describeDates(dates) : '';
      const when = scroller.current?.querySelector(`[data-issue-id="${issue.id}"] .tl-bar__when`);
      if (when) when.textContent = words;
      if (live.current) live.current.textContent = dates ? t('timeline.preview', { key: issue.key, dates: words }) : '';
    },
    [props.describeDates, t], // eslint-disable-line react-hooks/exhaustive-deps -- the one function of the props it calls
  );
  const drag = useBarDrag({ window: w, onCommit: props.onCommit, onPreview: preview });
  const handlers = useMemo<RowHandlers>(() => ({ onPointerDown: drag.onPointerDown, onKeyDown: drag.onKeyDown, onBlur: drag.onBlur }), [drag.onPointerDown, drag.onKeyDown, drag.onBlur]);

  const { start, end } = rowRange(view.first * ROW_H, view.height - HEAD_H + ROW_H, rows.length, ROW_H);
  const stuck = view.first > 0 ? rows[layout.groupOf[view.first] ?? 0] : undefined;
  const height = rows.length * ROW_H;
  const todayX = props.today >= w.from && props.today <= w.to ? dayToX(w, props.today) + w.px / 2 : null;
  const lines = useMemo(() => scaleOf(w, props.weekStart).lower.map((c) => c.x), [w, props.weekStart]);

  const arrows = props.relations.flatMap((r) => {
    const from = layout.boxes.get(r.blockerId);
    const to = layout.boxes.get(r.blockedId);
    if (!from || !to || Math.max(from.row, to.row) < start || Math.min(from.row, to.row) >= end) return [];
    const y = (row: number) => (row - start) * ROW_H + ROW_H / 2;
    const warning = props.conflicts.get(r.blockedId)?.includes(r.blockerId) ?? false;
    return [{ id: r.id, d: arrowPath(from.box.left + from.box.width, y(from.row), to.box.left, y(to.row), ROW_H), warning }];
  });

  const rendered = [];
  for (let i = start; i < end; i++) {
    const row = rows[i]!;
    if (row.kind === 'group') {
      rendered.push(
        <div key={row.key} className="tl-row tl-row--group" style={{ transform: `translateY(${i * ROW_H}px)` }} data-testid={`tl-group-${row.key}`}>
          <div className="tl-group">
            {row.label} <span className="tl-group__count">{row.count}</span>
          </div>
        </div>,
      );
      continue;
    }
    const { issue } = row;
    const blockerIds = props.conflicts.get(issue.id);
    const blockers = blockerIds?.map(props.keyOf);
    const dates = props.describeDates(issue);
    const label = blockers ? `${issue.key} ${issue.title}, ${dates}. ${t('timeline.warning', { keys: blockers.join(', '), count: blockers.length })}` : `${issue.key} ${issue.title}, ${dates}`;
    rendered.push(
      <TimelineRow
        key={row.key}
        issue={issue}
        span={row.span}
        box={layout.boxes.get(issue.id)?.box ?? null}
        y={i * ROW_H}
        href={props.issueHref(issue.key)}
        label={label}
        color={props.colorOf(issue.statusId)}
        done={props.isDone(issue.statusId)}
        blockers={blockers}
        pending={props.pending.has(issue.id)}
        readOnly={props.readOnly}
        handlers={handlers}
      />,
    );
  }

  return (
    <>
    <div
      ref={scroller}
      className={`tl-scroll${props.readOnly ? ' tl-scroll--read-only' : ''}`}
      style={{ ['--label-w' as string]: `${labelWidth}px`, ['--day-w' as string]: `${w.px}px` }}
      onScroll={onScroll}
      onClick={(e: MouseEvent<HTMLDivElement>) => followLink(e, navigate, 'a.tl-bar')}
      data-testid="tl-chart"
      data-zoom={w.zoom}
      data-rows={rows.length}
      data-rendered={end - start}
    >
      <div className="tl-canvas" style={{ width: labelWidth + w.width }}>
        <Axis window={w} weekStart={props.weekStart} today={props.today} milestones={props.milestones} format={props.format} formatLong={props.formatLong} corner={t('timeline.issues')} />
        <div className="tl-stuck" aria-hidden="true">
          {stuck?.kind === 'group' && (
            <div className="tl-group">
              {stuck.label} <span className="tl-group__count">{stuck.count}</span>
            </div>
          )}
        </div>
        <div className="tl-body" style={{ height }}>
          <div className="tl-lines" aria-hidden="true">
            {lines.map((x) => (
              <div key={x} className="tl-line" style={{ transform: `translateX(${x}px)` }} />
            ))}
            {todayX !== null && <div className="tl-today" style={{ transform: `translateX(${todayX}px)` }} data-testid="tl-today" />}
          </div>
          <svg className="tl-arrows" width={w.width} height={Math.max((end - start) * ROW_H, 1)} style={{ transform: `translate(${labelWidth}px, ${start * ROW_H}px)` }} aria-hidden="true">
            <defs>
              <marker id="tl-arrowhead" viewBox="0 0 6 6" refX="6" refY="3" markerWidth="6" markerHeight="6" orient="auto">
                <path d="M0 0L6 3L0 6z" className="tl-arrowhead" />
              </marker>
              <marker id="tl-arrowhead-warning" viewBox="0 0 6 6" refX="6" refY="3" markerWidth="6" markerHeight="6" orient="auto">
                <path d="M0 0L6 3L0 6z" className="tl-arrowhead tl-arrowhead--warning" />
              </marker>
            </defs>
            {arrows.map((a) => (
              <path key={a.id} d={a.d} className={a.warning ? 'tl-arrow tl-arrow--warning' : 'tl-arrow'} markerEnd={`url(#${a.warning ? 'tl-arrowhead-warning' : 'tl-arrowhead'})`} data-testid={`tl-arrow-${a.id}`} />
            ))}
          </svg>
          {rendered}
        </div>
      </div>
    </div>
    <p ref={live} className="visually-hidden" aria-live="polite" data-testid="tl-live" />
    </>
  );
}
