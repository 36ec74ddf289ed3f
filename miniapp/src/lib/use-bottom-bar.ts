// A bar floating over the page's bottom (bulk edit) says how tall it is, so toasts rise above it
// instead of covering it: `--floating-bar-h` on <html> while it is shown.
import { useLayoutEffect, type RefObject } from 'react';

export function useBottomBar(bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const set = () => root.style.setProperty('--floating-bar-h', `${el.getBoundingClientRect().height}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--floating-bar-h');
    };
  }, [bar]);
}
