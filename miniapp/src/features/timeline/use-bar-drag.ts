// Moving and resizing bars, by pointer (the shared pointer drag: mouse, pen, and touch after a
// press) and by keyboard. While it lasts only the bar's own element changes — its `translate` (the
// render places it with `transform`) and width, written when the day under the pointer changes —
// and nothing renders; the drop is one write (`onCommit`), after which the bar renders at its new
// dates and drops the inline offset.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { useCallback, useRef, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { usePointerDrag } from '../../lib/use-pointer-drag.ts';
import { useSwipeHold } from '../../platform/swipes.ts';
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
}

export function useBarDrag({ window: w, onCommit, onPreview }: BarDragOptions) {
  const opts = useRef({ w, onCommit, onPreview });
  opts.current = { w, onCommit, onPreview };
  const moved = useRef({ x: 0, days: 0 });
  const swipes = useSwipeHold();

  const begin = usePointerDrag<Carried>({
    mouseThreshold: 4,
    touchSlop: 10,
    pressMs: 300,
    capture: true,
    noTextSelection: true,
    blockContextMenu: true,
    onStart: (c, _at, from) => {
      swipes.hold();
      moved.current = { x: from.x, days: 0 };
      c.el.dataset.dragging = c.mode;
    },
    onMove: (c, x) => {
      const days = daysForDx(opts.current.w, x - moved.current.x);
      if (days === moved.current.days) return;
      moved.current.days = days;
      const { dx, width } = draggedBox(c.box, c.mode, days, opts.current.w.px);
      showBox(c.el, dx, width);
      opts.current.onPreview(c.issue, draggedDates(c.issue, c.mode, days));
    },
    onEnd: (c, at) => {
      swipes.release();
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
