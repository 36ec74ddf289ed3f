// How much of the layout viewport's bottom the on-screen keyboard covers, as `--keyboard-inset` on
// <html>, for what is docked to the bottom edge (the issue page's comment composer). Where the
// keyboard shrinks only the visual viewport (iOS Safari and Telegram's iOS web view; Chrome on Android
// by default, `interactive-widget=resizes-visual`) a `bottom: 0` bar would sit behind it.
import { useEffect } from 'react';

interface Viewport {
  height: number;
  offsetTop: number;
}

/** The covered height in whole pixels; 0 when the visual viewport reaches the bottom (no keyboard, or one that resized the page). */
export function keyboardInset(innerHeight: number, viewport: Viewport | null | undefined): number {
  if (!viewport) return 0;
  return Math.max(0, Math.round(innerHeight - viewport.height - viewport.offsetTop));
}

/** Keeps `--keyboard-inset` current while mounted. */
export function useKeyboardInset(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const set = () => root.style.setProperty('--keyboard-inset', `${keyboardInset(window.innerHeight, viewport)}px`);
    set();
    viewport.addEventListener('resize', set);
    viewport.addEventListener('scroll', set);
    return () => {
      viewport.removeEventListener('resize', set);
      viewport.removeEventListener('scroll', set);
      root.style.removeProperty('--keyboard-inset');
    };
  }, []);
}
