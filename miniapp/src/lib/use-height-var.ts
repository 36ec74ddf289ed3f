// Keeps a CSS variable at an element's real height while it is shown, so what must clear it can:
// the tab bar's `--tabbar-h` (its height changes with the text size and the safe area) and a
// floating bar's `--floating-bar-h` (toasts rise above the bulk bar).
import { useLayoutEffect, type RefObject } from 'react';

interface Options {
  /** The element measured, from the ref's (default: the ref's own). */
  measure?: (el: HTMLElement) => Element | null;
  /** Where the variable is set, from the ref's (default: <html>). */
  host?: (el: HTMLElement) => HTMLElement | null;
}

export function useHeightVar(ref: RefObject<HTMLElement | null>, name: string, { measure, host }: Options = {}): void {
  useLayoutEffect(() => {
    const own = ref.current;
    const el = own && (measure ? measure(own) : own);
    const target = own && (host ? host(own) : document.documentElement);
    if (!el || !target) return;
    const set = () => target.style.setProperty(name, `${el.getBoundingClientRect().height}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(el);
    return () => {
      observer.disconnect();
      target.style.removeProperty(name);
    };
    // The functions are fixed per caller; the element and the name decide.
  }, [ref, name]); // eslint-disable-line react-hooks/exhaustive-deps
}
