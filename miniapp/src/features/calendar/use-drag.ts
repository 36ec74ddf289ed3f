// Drag a chip to another day (mouse, pen and touch, on the shared pointer drag: on touch the drag
// starts after a short press, so a quick swipe still scrolls the page).
import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { usePointerDrag } from '../../lib/use-pointer-drag.ts';
import { useSwipeHold } from '../../platform/swipes.ts';
import { diffDays, type IsoDate } from './dates.ts';

export interface DragState {
  issueId: number;
  /** Which rendered piece of a multi-week span is carried. */
  segment: string;
  dx: number;
  dy: number;
  over: IsoDate | null;
}

function dateAt(x: number, y: number): IsoDate | null {
  for (const el of document.elementsFromPoint(x, y)) {
    const cell = (el as HTMLElement).closest?.('[data-drop-date]');
    if (cell) return (cell as HTMLElement).dataset.dropDate ?? null;
  }
  return null;
}

interface Carried {
  issueId: number;
  segment: string;
}

export function useDragReschedule(onDrop: (issueId: number, delta: number) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const from = useRef<{ x: number; y: number; origin: IsoDate | null }>({ x: 0, y: 0, origin: null });
  const dropRef = useRef(onDrop);
  dropRef.current = onDrop;
  // Inside Telegram its vertical swipe (minimise) would fight the drag.
  const swipes = useSwipeHold();

  const begin = usePointerDrag<Carried>({
    mouseThreshold: 5,
    touchSlop: 10,
    pressMs: 300,
    blockContextMenu: true,
    onStart: (c, at, down) => {
      swipes.hold();
      from.current = { x: down.x, y: down.y, origin: dateAt(down.x, down.y) };
      setDrag({ ...c, dx: at.x - down.x, dy: at.y - down.y, over: dateAt(at.x, at.y) });
    },
    onMove: (c, x, y) => setDrag({ ...c, dx: x - from.current.x, dy: y - from.current.y, over: dateAt(x, y) }),
    onEnd: (c, at) => {
      swipes.release();
      setDrag(null);
      if (!at) return;
      const target = dateAt(at.x, at.y);
      const origin = from.current.origin;
      if (target && origin && target !== origin) dropRef.current(c.issueId, diffDays(origin, target));
    },
  });

  /** Spread on a chip: starts a possible drag of `issueId` (the piece named `segment`). */
  const start = useCallback((e: ReactPointerEvent<HTMLElement>, issueId: number, segment: string) => begin(e, { issueId, segment }), [begin]);

  return { drag, start };
}
