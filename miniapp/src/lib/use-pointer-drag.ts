// Pointer-event drag and drop, one code path for mouse, pen and touch. A mouse drag starts after a
// few pixels of movement; a touch drag after a short press without movement, so a quick swipe still
// scrolls the page. While dragging, touchmove is cancelled (non-passive) so the browser does not take
// the gesture over; Escape cancels; the click that follows a drop is swallowed (items hold links).
// What is dragged and where it lands is the caller's business (onStart / onMove / onEnd).
import { useCallback, useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';

export interface PointerDragOptions<T> {
  /** Pixels a mouse must move before the drag starts. */
  mouseThreshold: number;
  /** Pixels a finger may move during the press before it counts as a swipe. */
  touchSlop: number;
  /** How long a finger must rest before the drag starts. */
  pressMs: number;
  /** A pen drags like a finger (after a press) rather than like a mouse. */
  penIsTouch?: boolean;
  /** Capture the pointer on the pressed element when the drag starts. */
  capture?: boolean;
  /** Cancel the mouse's pointerdown (no text selection while dragging). */
  noTextSelection?: boolean;
  /** Cancel the context menu of a long press. */
  blockContextMenu?: boolean;
  /** The drag starts: `at` is where the pointer is, `from` where it went down, `el` the pressed element. */
  onStart: (item: T, at: { x: number; y: number }, from: { x: number; y: number; el: HTMLElement }) => void;
  onMove: (item: T, x: number, y: number) => void;
  /** The drag ends: dropped at `at`, or cancelled (`null`: pointercancel, Escape). */
  onEnd: (item: T, at: { x: number; y: number } | null) => void;
}

interface Pending<T> {
  item: T;
  pointerId: number;
  touch: boolean;
  x: number;
  y: number;
  el: HTMLElement;
  active: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

/** Returns `start`, to call from an element's onPointerDown with the item it carries. */
export function usePointerDrag<T>(options: PointerDragOptions<T>) {
  const opts = useRef(options);
  opts.current = options;
  const pending = useRef<Pending<T> | null>(null);
  const suppressClick = useRef(false);

  const activate = useCallback((p: Pending<T>, x: number, y: number) => {
    p.active = true;
    if (opts.current.capture) {
      try {
        p.el.setPointerCapture(p.pointerId);
      } catch {
        // the pointer may already be gone
      }
    }
    opts.current.onStart(p.item, { x, y }, { x: p.x, y: p.y, el: p.el });
  }, []);

  const finish = useCallback((at: { x: number; y: number } | null) => {
    const p = pending.current;
    pending.current = null;
    if (!p) return;
    if (p.timer) clearTimeout(p.timer);
    if (!p.active) return;
    suppressClick.current = true;
    setTimeout(() => (suppressClick.current = false), 0);
    opts.current.onEnd(p.item, at);
  }, []);

  useEffect(() => {
    const onMove = (e: PointerEvent) => {
      const p = pending.current;
      if (!p || e.pointerId !== p.pointerId) return;
      if (!p.active) {
        const dist = Math.hypot(e.clientX - p.x, e.clientY - p.y);
        if (p.touch) {
          if (dist > opts.current.touchSlop) finish(null); // a swipe: let the page scroll
        } else if (dist > opts.current.mouseThreshold) activate(p, e.clientX, e.clientY);
        return;
      }
      e.preventDefault();
      opts.current.onMove(p.item, e.clientX, e.clientY);
    };
    const onUp = (e: PointerEvent) => {
      if (pending.current && e.pointerId === pending.current.pointerId) finish({ x: e.clientX, y: e.clientY });
    };
    const onCancel = (e: PointerEvent) => {
      if (pending.current && e.pointerId === pending.current.pointerId) finish(null);
    };
    const onTouchMove = (e: TouchEvent) => {
      if (pending.current?.active) e.preventDefault();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && pending.current?.active) finish(null);
    };
    const onClick = (e: MouseEvent) => {
      if (suppressClick.current) {
        e.preventDefault();
        e.stopPropagation();
        suppressClick.current = false;
      }
    };
    const onContextMenu = (e: Event) => {
      if (opts.current.blockContextMenu && pending.current?.touch) e.preventDefault(); // the long press is ours
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('touchmove', onTouchMove, { passive: false });
    window.addEventListener('keydown', onKey);
    window.addEventListener('click', onClick, true);
    window.addEventListener('contextmenu', onContextMenu);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('contextmenu', onContextMenu);
    };
  }, [activate, finish]);

  return useCallback(
    (e: ReactPointerEvent<HTMLElement>, item: T) => {
      if (e.button !== 0 || pending.current?.active) return;
      if ((e.target as HTMLElement).closest('button, [role="menu"]')) return; // an item's own menu (React events bubble through portals)
      if (pending.current?.timer) clearTimeout(pending.current.timer);
      const touch = e.pointerType === 'touch' || (opts.current.penIsTouch === true && e.pointerType === 'pen');
      const p: Pending<T> = { item, pointerId: e.pointerId, touch, x: e.clientX, y: e.clientY, el: e.currentTarget, active: false, timer: null };
      pending.current = p;
      if (touch) {
        p.timer = setTimeout(() => {
          if (pending.current === p && !p.active) activate(p, p.x, p.y);
        }, opts.current.pressMs);
      } else if (opts.current.noTextSelection) e.preventDefault();
    },
    [activate],
  );
}
