// Pointer-event drag and drop for board cards: one code path for mouse, pen and touch. A mouse drag
// starts after a few pixels of movement; a touch drag after a short press without movement, so a
// quick swipe still scrolls the board.
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

const MOUSE_THRESHOLD = 4;
const TOUCH_HOLD_MS = 250;
const TOUCH_SLOP = 8;
const EDGE = 48;

export interface DragState {
  id: number;
  x: number;
  y: number;
  offsetX: number;
  offsetY: number;
  width: number;
  /** Where it would land now: a column and an index among that column's other cards. */
  target: { statusId: number; index: number } | null;
}

interface Pending {
  id: number;
  pointerId: number;
  pointerType: string;
  startX: number;
  startY: number;
  el: HTMLElement;
  timer?: ReturnType<typeof setTimeout>;
}

function findTarget(x: number, y: number, draggedId: number): DragState['target'] {
  const el = document.elementFromPoint(x, y);
  const column = el?.closest<HTMLElement>('[data-column-id]');
  if (!column) return null;
  const cards = [...column.querySelectorAll<HTMLElement>('[data-card-id]')].filter((c) => Number(c.dataset.cardId) !== draggedId);
  let index = cards.length;
  for (let i = 0; i < cards.length; i++) {
    const r = cards[i]!.getBoundingClientRect();
    if (y < r.top + r.height / 2) {
      index = i;
      break;
    }
  }
  return { statusId: Number(column.dataset.columnId), index };
}

export function useBoardDrag(onDrop: (id: number, target: { statusId: number; index: number }) => void, scroller: React.RefObject<HTMLElement | null>) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const pending = useRef<Pending | null>(null);
  const dragRef = useRef<DragState | null>(null);
  const suppressClick = useRef(false);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  const update = (next: DragState | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  const start = useCallback((p: Pending, x: number, y: number) => {
    const rect = p.el.getBoundingClientRect();
    try {
      p.el.setPointerCapture(p.pointerId);
    } catch {
      // the pointer may already be gone
    }
    update({ id: p.id, x, y, offsetX: p.startX - rect.left, offsetY: p.startY - rect.top, width: rect.width, target: findTarget(x, y, p.id) });
  }, []);

  useEffect(() => {
    const move = (e: PointerEvent) => {
      const p = pending.current;
      if (!p || e.pointerId !== p.pointerId) return;
      const d = dragRef.current;
      if (!d) {
        const dist = Math.hypot(e.clientX - p.startX, e.clientY - p.startY);
        if (p.pointerType === 'mouse') {
          if (dist > MOUSE_THRESHOLD) start(p, e.clientX, e.clientY);
        } else if (dist > TOUCH_SLOP) {
          clearTimeout(p.timer);
          pending.current = null; // a swipe: let the browser scroll
        }
        return;
      }
      e.preventDefault();
      const box = scroller.current?.getBoundingClientRect();
      if (box && scroller.current) {
        if (e.clientX < box.left + EDGE) scroller.current.scrollLeft -= 12;
        else if (e.clientX > box.right - EDGE) scroller.current.scrollLeft += 12;
      }
      update({ ...d, x: e.clientX, y: e.clientY, target: findTarget(e.clientX, e.clientY, d.id) });
    };
    const end = (e: PointerEvent) => {
      const p = pending.current;
      if (!p || e.pointerId !== p.pointerId) return;
      clearTimeout(p.timer);
      pending.current = null;
      const d = dragRef.current;
      if (!d) return;
      suppressClick.current = true;
      setTimeout(() => (suppressClick.current = false), 0);
      const target = e.type === 'pointerup' ? findTarget(e.clientX, e.clientY, d.id) : null;
      update(null);
      if (target) onDropRef.current(d.id, target);
    };
    // While dragging with a finger, the page must not scroll (non-passive, so it can be cancelled).
    const touchMove = (e: TouchEvent) => {
      if (dragRef.current) e.preventDefault();
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && dragRef.current) {
        pending.current = null;
        update(null);
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    document.addEventListener('touchmove', touchMove, { passive: false });
    document.addEventListener('keydown', escape);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      document.removeEventListener('touchmove', touchMove);
      document.removeEventListener('keydown', escape);
    };
  }, [start, scroller]);

  const onPointerDown = useCallback(
    (e: ReactPointerEvent<HTMLElement>, id: number) => {
      if (e.button !== 0 || (e.target as HTMLElement).closest('button, [role="menu"]')) return;
      const p: Pending = { id, pointerId: e.pointerId, pointerType: e.pointerType, startX: e.clientX, startY: e.clientY, el: e.currentTarget };
      if (e.pointerType === 'mouse') e.preventDefault(); // no text selection while dragging
      else p.timer = setTimeout(() => pending.current === p && start(p, p.startX, p.startY), TOUCH_HOLD_MS);
      pending.current = p;
    },
    [start],
  );

  /** Swallows the click that follows a drop (the card holds a link). */
  const onClickCapture = useCallback((e: React.MouseEvent) => {
    if (suppressClick.current) {
      e.preventDefault();
      e.stopPropagation();
    }
  }, []);

  return { drag, onPointerDown, onClickCapture };
}
