// Moving and resizing bars, by pointer (the shared pointer drag: mouse, pen, and touch after a
// press) and by keyboard. While it lasts only the bar's own element changes — its `translate` (the
// render places it with `transform`) and width, written when the day under the pointer changes —
// and nothing renders; the drop is one write (`onCommit`), after which the bar renders at its new
// dates and drops the inline offset. Near a side of the chart the chart scrolls (edge-scroll.ts), and
// the days it scrolled count as the pointer's.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { useCallback, useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { usePointerDrag } from '../../lib/use-pointer-drag.ts';
import { useSwipeHold } from '../../platform/swipes.ts';
import { edgeStep } from './edge-scroll.ts';
import { applyKeys, barBox, draggedBox, draggedDates, keyDrag, modeAt, spanOf, type BarBox, type Dated, type DragMode } from './geometry.ts';
import { daysForDx, type TimeWindow } from './scale.ts';

export interface BarTarget {
  issue: IssueListItem;
  box: BarBox;
}

interface Carried extends BarTarget {
  mode: DragMode;
  el: HTMLElement;
}

/** Puts a bar's element back to what its render says (after a cancel, or a render at new dates). */
export function resetBar(el: HTMLElement, box: BarBox) {
  el.style.translate = '';
  el.style.width = `${box.width}px`;
  delete el.dataset.dragging;
}

function showBox(el: HTMLElement, dx: number, width: number) {
  el.style.translate = dx ? `${dx}px 0` : '';
  el.style.width = `${width}px`;
}

export interface BarDragOptions {
  window: TimeWindow;
  /** One write with the new dates; false when it could not be queued (the bar goes back). */
  onCommit: (issue: IssueListItem, dates: Dated) => boolean;
  /** The dates a drag or key presses would give (`keys`: by the keyboard, said to screen readers too). */
  onPreview: (issue: IssueListItem, dates: Dated | null, keys?: boolean) => void;
  /** The chart's scroll box, and the width of its sticky first column (no days show under it). */
  scroller: { current: HTMLElement | null };
  labelWidth: number;
}

/** Where the pointer is, the band of the chart that shows days (read once: nothing moves it during a drag), and the scroll when the drag began. */
interface Scrolling {
  x: number;
  left: number;
  right: number;
  startLeft: number;
  frame: number;
}

export function useBarDrag({ window: w, onCommit, onPreview, scroller, labelWidth }: BarDragOptions) {
  const opts = useRef({ w, onCommit, onPreview, labelWidth });
  opts.current = { w, onCommit, onPreview, labelWidth };
  const moved = useRef({ x: 0, days: 0 });
  const scrolling = useRef<Scrolling | null>(null);
  const swipes = useSwipeHold();

  const follow = (c: Carried, x: number) => {
    // Any scroll counts, the edge's or a wheel's: the bar stays under the pointer.
    const scrolled = scroller.current && scrolling.current ? scroller.current.scrollLeft - scrolling.current.startLeft : 0;
    const days = daysForDx(opts.current.w, x - moved.current.x + scrolled);
    if (days === moved.current.days) return;
    moved.current.days = days;
    const { dx, width } = draggedBox(c.box, c.mode, days, opts.current.w.px);
    showBox(c.el, dx, width);
    opts.current.onPreview(c.issue, draggedDates(c.issue, c.mode, days));
  };

  // Each frame of a drag: near a side, the chart scrolls a step and the bar follows the pointer's day.
  const edgeFrame = (c: Carried) => {
    const box = scroller.current;
    const s = scrolling.current;
    if (!box || !s) return;
    const step = edgeStep(s.x, s.left, s.right);
    if (step) {
      box.scrollLeft += step;
      follow(c, s.x);
    }
    s.frame = requestAnimationFrame(() => edgeFrame(c));
  };

  const begin = usePointerDrag<Carried>({
    mouseThreshold: 4,
    touchSlop: 10,
    pressMs: 300,
    capture: true,
    noTextSelection: true,
    blockContextMenu: true,
    onStart: (c, at, from) => {
      swipes.hold();
      moved.current = { x: from.x, days: 0 };
      c.el.dataset.dragging = c.mode;
      const box = scroller.current;
      const rect = box?.getBoundingClientRect();
      if (box && rect) scrolling.current = { x: at.x, left: rect.left + opts.current.labelWidth, right: rect.right, startLeft: box.scrollLeft, frame: requestAnimationFrame(() => edgeFrame(c)) };
    },
    onMove: (c, x) => {
      if (scrolling.current) scrolling.current.x = x;
      follow(c, x);
    },
    onEnd: (c, at) => {
      swipes.release();
      if (scrolling.current) cancelAnimationFrame(scrolling.current.frame);
      scrolling.current = null;
      opts.current.onPreview(c.issue, null);
      const dates = at ? draggedDates(c.issue, c.mode, moved.current.days) : null;
      delete c.el.dataset.dragging;
      if (!dates || !opts.current.onCommit(c.issue, dates)) resetBar(c.el, c.box);
    },
  });

  /** Spread on a bar: a press on its ends resizes, elsewhere it moves. */
  const onPointerDown = useCallback(
    (e: ReactPointerEvent<HTMLElement>, target: BarTarget) => {
      const rect = e.currentTarget.getBoundingClientRect();
      begin(e, { ...target, mode: modeAt(e.clientX - rect.left, rect.width), el: e.currentTarget });
    },
    [begin],
  );

  // The keyboard: presses add up on the focused bar, shown like a drag; Enter (or leaving the bar) writes them, Escape drops them.
  const keyed = useRef<{ target: BarTarget; el: HTMLElement; steps: { mode: DragMode; days: number }[] } | null>(null);

  const cancelKeys = useCallback(() => {
    const k = keyed.current;
    keyed.current = null;
    if (!k) return;
    resetBar(k.el, k.target.box);
    opts.current.onPreview(k.target.issue, null);
  }, []);

  const commitKeys = useCallback(() => {
    const k = keyed.current;
    keyed.current = null;
    if (!k) return false;
    opts.current.onPreview(k.target.issue, null);
    const dates = applyKeys(k.target.issue, k.steps);
    const changed = dates.startDate !== k.target.issue.startDate || dates.dueDate !== k.target.issue.dueDate;
    if (!changed || !opts.current.onCommit(k.target.issue, dates)) resetBar(k.el, k.target.box);
    return changed;
  }, []);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>, target: BarTarget) => {
      const step = keyDrag(e.key, e.shiftKey);
      if (step && !e.altKey && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        if (keyed.current?.target.issue.id !== target.issue.id) {
          cancelKeys();
          keyed.current = { target, el: e.currentTarget, steps: [] };
        }
        const k = keyed.current!;
        k.steps.push(step);
        const dates = applyKeys(target.issue, k.steps);
        const span = spanOf(dates);
        const box = span && barBox(opts.current.w, span);
        if (box) showBox(k.el, box.left - target.box.left, box.width);
        opts.current.onPreview(target.issue, dates, true);
      } else if (e.key === 'Enter' && keyed.current?.target.issue.id === target.issue.id) {
        // With moves pending Enter saves them; without, it follows the bar's link.
        if (commitKeys()) e.preventDefault();
      } else if (e.key === 'Escape' && keyed.current) {
        e.preventDefault();
        cancelKeys();
      }
    },
    [cancelKeys, commitKeys],
  );

  const onBlur = useCallback((issueId: number) => {
    if (keyed.current?.target.issue.id === issueId) commitKeys();
  }, [commitKeys]);

  return { onPointerDown, onKeyDown, onBlur };
}
