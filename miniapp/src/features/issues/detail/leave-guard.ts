// Leaving the page through a link while an edit is unsaved asks first, in the app's own confirm
// (never the browser's). Link clicks are caught before the router hears them; a reload, a closed
// tab or the back gesture is not stopped — the draft kept on the device covers those.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

export interface ClickedLink {
  href: string;
  target: string;
  download: boolean;
}

/** The in-app address a click on `link` opens in this tab, or null when it stays here or leaves the app. */
export function leavingTo(link: ClickedLink | null, here: Pick<Location, 'origin' | 'pathname' | 'search' | 'href'>): string | null {
  if (!link || (link.target && link.target !== '_self') || link.download) return null;
  const url = new URL(link.href, here.href);
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return url.pathname + url.search + url.hash;
}

export function useLeaveGuard(active: boolean, ask: () => Promise<boolean>) {
  const [, navigate] = useLocation();
  const latest = useRef(ask);
  latest.current = ask;
  useEffect(() => {
    if (!active) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href]') : null;
      const to = leavingTo(a && { href: a.getAttribute('href') ?? '', target: a.target, download: a.hasAttribute('download') }, window.location);
      if (!to) return;
      // Capture on the document runs before React's listeners: the router's Link never sees it.
      e.preventDefault();
      e.stopPropagation();
      void latest.current().then((ok) => ok && navigate(to));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [active, navigate]);
}
