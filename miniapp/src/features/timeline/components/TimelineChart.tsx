// The chart: one scroll box (both ways) holding the sticky axis, the sticky first column and the
// bars. Only the rows in view (and a few around them) are rendered, the range moving a chunk of rows
// at a time: a scroll down renders again once per ROW_CHUNK rows, a scroll sideways never. The
// arrows are drawn for the rendered rows; the group named above them follows the first row.
import type { IssueListItem } from '@tracker/shared/api/issues';
import type { Milestone } from '@tracker/shared/api/milestones';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
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
import { BarRow, LabelRow, type RowHandlers } from './TimelineRow.tsx';

export const ROW_H = 32;
const ROW_CHUNK = 8;
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
  /** A phone or a touch screen: no bar moves. */
  readOnly: boolean;
  /** Whether the user may move this project's issues (a viewer, an archived project: no). */
  canEdit: (projectId: number) => boolean;
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
  const [height, setHeight] = useState(800);
  const [chunk, setChunk] = useState(0);
  const first = useMemo(() => firstRowStore(), []);

  useLayoutEffect(() => {
    const el = scroller.current!;
    const measure = () => setHeight(el.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A new window opens at the day asked for, a third of the way in.
  useLayoutEffect(() => {
    const el = scroller.current!;
    el.scrollLeft = Math.max(0, dayToX(w, props.focusDate) - (el.clientWidth - labelWidth) / 3);
  }, [w, props.focusDate, labelWidth]);

  // Read in the scroll event, where layout is clean; React renders only when the chunk changes.
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const row = Math.floor(el.scrollTop / ROW_H);
    first.set(row);
    setChunk(Math.floor(row / ROW_CHUNK));
  }, [first]);

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
    (issue: IssueListItem, dates: Dated | null, keys = false) => {
      const words = dates ? props.describeDates(dates) : '';
      const when = scroller.current?.querySelector(`[data-issue-id="${issue.id}"] .tl-bar__when`);
      if (when && when.textContent !== words) when.textContent = words;
      // Said for the keyboard only: a pointer drag would have it speak at every day it passes.
      if (live.current && (keys || !dates)) live.current.textContent = dates ? t('timeline.preview', { key: issue.key, dates: words }) : '';
    },
    [props.describeDates, t], // eslint-disable-line react-hooks/exhaustive-deps -- the one function of the props it calls
  );
  const drag = useBarDrag({ window: w, onCommit: props.onCommit, onPreview: preview, scroller, labelWidth });
  const handlers = useMemo<RowHandlers>(() => ({ onPointerDown: drag.onPointerDown, onKeyDown: drag.onKeyDown, onBlur: drag.onBlur }), [drag.onPointerDown, drag.onKeyDown, drag.onBlur]);

  const { start, end } = rowRange(chunk * ROW_CHUNK, Math.ceil((height - HEAD_H) / ROW_H) + 1, rows.length, ROW_CHUNK);
  const total = rows.length * ROW_H;
  const todayX = props.today >= w.from && props.today <= w.to ? dayToX(w, props.today) + w.px / 2 : null;
  const lines = useMemo(() => scaleOf(w, props.weekStart).lower.map((c) => c.x), [w, props.weekStart]);
  // The keys of each marked issue's blockers, once per change of the marks (the rows compare them as text).
  const blockerKeys = useMemo(() => new Map([...props.conflicts].map(([id, blockers]) => [id, blockers.map(props.keyOf).join(', ')] as const)), [props.conflicts, props.keyOf]);

  const arrows = props.relations.flatMap((r) => {
    const from = layout.boxes.get(r.blockerId);
    const to = layout.boxes.get(r.blockedId);
    if (!from || !to || Math.max(from.row, to.row) < start || Math.min(from.row, to.row) >= end) return [];
    const y = (row: number) => (row - start) * ROW_H + ROW_H / 2;
    const warning = props.conflicts.get(r.blockedId)?.includes(r.blockerId) ?? false;
    return [{ id: r.id, d: arrowPath(from.box.left + from.box.width, y(from.row), to.box.left, y(to.row), ROW_H), warning }];
  });

  const labels = [];
  const bars = [];
  for (let i = start; i < end; i++) {
    const row = rows[i]!;
    const y = i * ROW_H;
    if (row.kind === 'group') {
      labels.push(
        <div key={row.key} className="tl-label tl-label--group" style={{ transform: `translateY(${y}px)` }} data-testid={`tl-group-${row.key}`}>
          {row.label} <span className="tl-group__count">{row.count}</span>
        </div>,
      );
      bars.push(<div key={row.key} className="tl-band" style={{ transform: `translateY(${y}px)` }} />);
      continue;
    }
    const { issue } = row;
    const blockers = blockerKeys.get(issue.id);
    labels.push(<LabelRow key={row.key} issue={issue} y={y} warning={blockers !== undefined} />);
    const box = layout.boxes.get(issue.id)?.box;
    if (!box) continue;
    bars.push(
      <BarRow
        key={row.key}
        issue={issue}
        span={row.span}
        box={box}
        y={y}
        href={props.issueHref(issue.key)}
        color={props.colorOf(issue.statusId)}
        done={props.isDone(issue.statusId)}
        blockers={blockers}
        blockerCount={props.conflicts.get(issue.id)?.length ?? 0}
        pending={props.pending.has(issue.id)}
        readOnly={props.readOnly || !props.canEdit(issue.projectId)}
        describeDates={props.describeDates}
        handlers={handlers}
      />,
    );
  }

  return (
    <>
      <div
        ref={scroller}
        className={`tl-scroll${props.readOnly ? ' tl-scroll--read-only' : ''}`}
        style={{ ['--label-w' as string]: `${labelWidth}px` }}
        onScroll={onScroll}
        onClick={(e: MouseEvent<HTMLDivElement>) => followLink(e, navigate, 'a.tl-bar')}
        data-testid="tl-chart"
        data-zoom={w.zoom}
        data-rows={rows.length}
        data-rendered={end - start}
      >
        <div className="tl-canvas" style={{ width: labelWidth + w.width }}>
          <Axis window={w} weekStart={props.weekStart} today={props.today} milestones={props.milestones} format={props.format} formatLong={props.formatLong} corner={t('timeline.issues')} />
          <StuckGroup rows={rows} groupOf={layout.groupOf} first={first} />
          <div className="tl-body" style={{ height: total }}>
            <div className="tl-labels">{labels}</div>
            <div className="tl-area" style={{ width: w.width }}>
              <div className="tl-lines" aria-hidden="true">
                {lines.map((x) => (
                  <div key={x} className="tl-line" style={{ transform: `translateX(${x}px)` }} />
                ))}
              </div>
              {todayX !== null && <div className="tl-today" style={{ transform: `translateX(${todayX}px)` }} data-testid="tl-today" />}
              <svg className="tl-arrows" width={w.width} height={Math.max((end - start) * ROW_H, 1)} style={{ transform: `translateY(${start * ROW_H}px)` }} aria-hidden="true">
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
              {bars}
            </div>
          </div>
        </div>
      </div>
      <p ref={live} className="visually-hidden" aria-live="polite" data-testid="tl-live" />
    </>
  );
}

/** The first row in view, outside React: the scroll sets it, the group above the rows follows it. */
function firstRowStore() {
  let value = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: number) {
      if (next === value) return;
      value = next;
      for (const l of listeners) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The group of the first row in view, held under the axis (re-rendered when that group changes, not per row). */
function StuckGroup({ rows, groupOf, first }: { rows: readonly Row<IssueListItem>[]; groupOf: readonly number[]; first: ReturnType<typeof firstRowStore> }) {
  const at = useSyncExternalStore(first.subscribe, () => (first.get() > 0 ? (groupOf[first.get()] ?? -1) : -1));
  const row = rows[at];
  return (
    <div className="tl-stuck" aria-hidden="true">
      {row?.kind === 'group' && (
        <div className="tl-label tl-label--group">
          {row.label} <span className="tl-group__count">{row.count}</span>
        </div>
      )}
    </div>
  );
}
