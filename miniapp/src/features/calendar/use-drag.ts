// Drag a chip to another day with pointer events (mouse, pen and touch). On touch the drag starts
// after a short press, so a quick swipe still scrolls the page; while dragging, touchmove is
// cancelled so the browser does not take the gesture over (which would fire pointercancel).
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { diffDays, type IsoDate } from './dates.ts';

const MOUSE_THRESHOLD_PX = 5;
const TOUCH_SLOP_PX = 10;
const TOUCH_PRESS_MS = 300;

export interface DragState {
  issueId: number;
  /** Which rendered piece of a multi-week span is carried. */
  segment: string;
  dx: number;
  dy: number;
  over: IsoDate | null;
}

interface Pending {
  issueId: number;
  segment: string;
  pointerId: number;
  x: number;
  y: number;
  origin: IsoDate | null;
  touch: boolean;
  active: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

function dateAt(x: number, y: number): IsoDate | null {
  for (const el of document.elementsFromPoint(x, y)) {
    const cell = (el as HTMLElement).closest?.('[data-drop-date]');
    if (cell) return (cell as HTMLElement).dataset.dropDate ?? null;
  }
  return null;
}

export function useDragReschedule(onDrop: (issueId: number, delta: number) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const pending = useRef<Pending | null>(null);
  const suppressClick = useRef(false);
  const dropRef = useRef(onDrop);
  dropRef.current = onDrop;

  const finish = useCallback((commit: boolean, x = 0, y = 0) => {
    const p = pending.current;
    pending.current = null;
    if (!p) return;
    if (p.timer) clearTimeout(p.timer);
    if (!p.active) return;
    setDrag(null);
    suppressClick.current = true;
    setTimeout(() => (suppressClick.current = false), 0);
    if (!commit) return;
    const target = dateAt(x, y);
    if (target && p.origin && target !== p.origin) dropRef.current(p.issueId, diffDays(p.origin, target));
  }, []);

  useEffect(() => {
    const activate = (p: Pending, x: number, y: number) => {
      p.active = true;
      setDrag({ issueId: p.issueId, segment: p.segment, dx: x - p.x, dy: y - p.y, over: dateAt(x, y) });
    };
    const onMove = (e: PointerEvent) => {
      const p = pending.current;
      if (!p || e.pointerId !== p.pointerId) return;
      const dist = Math.hypot(e.clientX - p.x, e.clientY - p.y);
      if (!p.active) {
        if (p.touch) {
          if (dist > TOUCH_SLOP_PX) finish(false); // a swipe: let the page scroll
          return;
        }
        if (dist < MOUSE_THRESHOLD_PX) return;
        activate(p, e.clientX, e.clientY);
        return;
      }
      e.preventDefault();
      setDrag({ issueId: p.issueId, segment: p.segment, dx: e.clientX - p.x, dy: e.clientY - p.y, over: dateAt(e.clientX, e.clientY) });
    };
    const onUp = (e: PointerEvent) => {
      if (pending.current && e.pointerId === pending.current.pointerId) finish(true, e.clientX, e.clientY);
    };
    const onCancel = (e: PointerEvent) => {
      if (pending.current && e.pointerId === pending.current.pointerId) finish(false);
    };
    const onTouchMove = (e: TouchEvent) => {
      if (pending.current?.active) e.preventDefault();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && pending.current?.active) finish(false);
    };
    const onClick = (e: MouseEvent) => {
      if (suppressClick.current) {
        e.preventDefault();
        e.stopPropagation();
        suppressClick.current = false;
      }
    };
    const onContextMenu = (e: Event) => {
      if (pending.current?.touch) e.preventDefault(); // the long press is ours
    };
    const timerActivate = (p: Pending) => () => {
      if (pending.current === p && !p.active) activate(p, p.x, p.y);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('touchmove', onTouchMove, { passive: false });
    window.addEventListener('keydown', onKey);
    window.addEventListener('click', onClick, true);
    window.addEventListener('contextmenu', onContextMenu);
    startTimer.current = timerActivate;
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('contextmenu', onContextMenu);
    };
  }, [finish]);

  const startTimer = useRef<((p: Pending) => () => void) | null>(null);

  /** Spread on a chip: starts a possible drag of `issueId` (the piece named `segment`). */
  const start = useCallback((e: ReactPointerEvent<HTMLElement>, issueId: number, segment: string) => {
    if (e.button !== 0 || pending.current) return;
    if ((e.target as HTMLElement).closest('button, [role="menu"]')) return; // the chip's menu (a portal, but React events bubble through it)
    const touch = e.pointerType === 'touch';
    const p: Pending = { issueId, segment, pointerId: e.pointerId, x: e.clientX, y: e.clientY, origin: dateAt(e.clientX, e.clientY), touch, active: false, timer: null };
    pending.current = p;
    if (touch && startTimer.current) p.timer = setTimeout(startTimer.current(p), TOUCH_PRESS_MS);
  }, []);

  return { drag, start };
}
