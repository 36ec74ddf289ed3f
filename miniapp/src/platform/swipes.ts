// Telegram's vertical swipe minimises or closes the app (Bot API 7.7); while the user drags a card
// or scrolls the board sideways that swipe would fight the gesture, so it is off until every hold
// is released.
import { useEffect, useMemo, useRef } from 'react';
import { platform } from './index.ts';

let holds = 0;

/** Turns vertical swipes off until the returned release is called (once). */
export function holdVerticalSwipes(): () => void {
  if (holds++ === 0) platform.tg?.setVerticalSwipes(false);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--holds === 0) platform.tg?.setVerticalSwipes(true);
  };
}

/** A hold owned by a component: `hold()` while a gesture runs, `release()` after; unmount releases. */
export function useSwipeHold() {
  const release = useRef<(() => void) | null>(null);
  useEffect(() => () => release.current?.(), []);
  return useMemo(
    () => ({
      hold() {
        release.current ??= holdVerticalSwipes();
      },
      release() {
        release.current?.();
        release.current = null;
      },
    }),
    [],
  );
}

/** Vertical swipes off while a finger is on `ref`'s element (a sideways scroller). */
export function useNoSwipesWhileTouching(ref: React.RefObject<HTMLElement | null>) {
  const swipes = useSwipeHold();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const hold = () => swipes.hold();
    const release = (e: TouchEvent) => {
      if (e.touches.length === 0) swipes.release();
    };
    el.addEventListener('touchstart', hold, { passive: true });
    el.addEventListener('touchend', release);
    el.addEventListener('touchcancel', release);
    return () => {
      el.removeEventListener('touchstart', hold);
      el.removeEventListener('touchend', release);
      el.removeEventListener('touchcancel', release);
      swipes.release();
    };
  }, [ref, swipes]);
}
