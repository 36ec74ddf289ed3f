// Drag and drop for board cards, on the shared pointer drag (mouse after a few pixels, touch and pen
// after a short press, so a quick swipe still scrolls the board); near an edge the board scrolls.
import { useRef, useState } from 'react';
import { usePointerDrag } from '../../../lib/use-pointer-drag.ts';
import { useNoSwipesWhileTouching, useSwipeHold } from '../../../platform/swipes.ts';

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
  const dragRef = useRef<DragState | null>(null);
  const onDropRef = useRef(onDrop);
  onDropRef.current = onDrop;

  // Inside Telegram its vertical swipe (minimise) would fight a card drag or a sideways scroll.
  const swipes = useSwipeHold();
  useNoSwipesWhileTouching(scroller);

  const update = (next: DragState | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  const onPointerDown = usePointerDrag<number>({
    mouseThreshold: 4,
    touchSlop: 8,
    pressMs: 250,
    penIsTouch: true,
    capture: true,
    noTextSelection: true,
    onStart: (id, at, from) => {
      swipes.hold();
      const rect = from.el.getBoundingClientRect();
      update({ id, x: at.x, y: at.y, offsetX: from.x - rect.left, offsetY: from.y - rect.top, width: rect.width, target: findTarget(at.x, at.y, id) });
    },
    onMove: (id, x, y) => {
      const d = dragRef.current;
      if (!d) return;
      const box = scroller.current?.getBoundingClientRect();
      if (box && scroller.current) {
        if (x < box.left + EDGE) scroller.current.scrollLeft -= 12;
        else if (x > box.right - EDGE) scroller.current.scrollLeft += 12;
      }
      update({ ...d, x, y, target: findTarget(x, y, id) });
    },
    onEnd: (id, at) => {
      const target = at ? findTarget(at.x, at.y, id) : null;
      swipes.release();
      update(null);
      if (target) onDropRef.current(id, target);
    },
  });

  return { drag, onPointerDown };
}
