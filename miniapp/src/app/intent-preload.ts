// Navigation intent starts a route's loading before the click lands: pointer down and keyboard
// focus at once, a hover once the pointer has stayed 50 ms (passing over a list does not load every
// row's page). One listener per event on the document serves every link of the app.
import { matchRoute } from '@tracker/shared/routes';
import { preloadPage } from './pages.ts';

export const HOVER_DELAY_MS = 50;

/** Preloads what the link's route needs; false when it is no route of this app. */
export function preloadHref(href: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  const match = matchRoute(url.pathname);
  return match !== null && preloadPage(match.route.name, match.params, url.search) !== null;
}

type Timer = ReturnType<typeof setTimeout>;

/** The intent rules, apart from the DOM: `preload` runs at most once per link and hover. */
// Wrapped: a browser's setTimeout called as a method of another object throws "Illegal invocation".
const realTimers = { set: (fn: () => void, ms: number) => setTimeout(fn, ms), clear: (t: Timer) => clearTimeout(t) };

export function intentTracker(preload: (href: string) => void, timers: { set: (fn: () => void, ms: number) => Timer; clear: (t: Timer) => void } = realTimers) {
  let hovering: { href: string; timer: Timer } | null = null;
  const stopHover = () => {
    if (hovering) timers.clear(hovering.timer);
    hovering = null;
  };
  return {
    /** Pointer down or focus: the user is about to go there. */
    now(href: string) {
      stopHover();
      preload(href);
    },
    hoverStart(href: string) {
      if (hovering?.href === href) return;
      stopHover();
      hovering = { href, timer: timers.set(() => ((hovering = null), preload(href)), HOVER_DELAY_MS) };
    },
    hoverEnd: stopHover,
  };
}

export function installIntentPreload(doc: Document) {
  const origin = doc.location.origin;
  const tracker = intentTracker((href) => void preloadHref(href, origin));
  const linkOf = (e: Event) => (e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href]') : null);
  const on = (type: string, handle: (link: HTMLAnchorElement, e: Event) => void) =>
    doc.addEventListener(type, (e) => {
      const link = linkOf(e);
      if (link) handle(link, e);
    }, { capture: true, passive: true });
  // A link that is also dragged or moved by keys (a timeline bar, `data-drag`): a press or focus may
  // start a move, not a visit, and a hover not yet loaded waits for the next one (no loading mid-drag).
  const press = (link: HTMLAnchorElement) => (link.hasAttribute('data-drag') ? tracker.hoverEnd() : tracker.now(link.href));
  on('pointerdown', press);
  on('focusin', press);
  // A pointer passing over a link with a button held is carrying something (a drag), not heading there.
  on('pointerover', (link, e) => ((e as PointerEvent).buttons ? undefined : tracker.hoverStart(link.href)));
  on('pointerout', () => tracker.hoverEnd());
}
