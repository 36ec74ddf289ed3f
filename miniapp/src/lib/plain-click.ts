// A click the app may route itself: the main button, no key held (those open a new tab or window,
// or select). One rule for every link the router follows without a reload.
import type { MouseEvent } from 'react';

export const isPlainClick = (e: MouseEvent): boolean => !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * Routes a plain click on a link inside `e.currentTarget` matching `selector` (one handler for many
 * links, e.g. a list's rows, instead of a router link each): true when it did.
 */
export function followLink(e: MouseEvent<HTMLElement>, navigate: (to: string) => void, selector = 'a[href]'): boolean {
  const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>(selector) : null;
  if (!link || !e.currentTarget.contains(link) || !isPlainClick(e) || link.target || link.origin !== window.location.origin) return false;
  e.preventDefault();
  navigate(link.pathname + link.search + link.hash);
  return true;
}
