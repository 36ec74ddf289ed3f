// Helpers of the narrow-screen layout checks: what sticks out of the viewport, and when a page has
// finished loading its data (no API request in flight but the live event stream).
import type { BrowserContext, Page } from 'playwright-core';
import { until } from './browser.ts';

export interface Overflow {
  /** The page scrolls sideways by this many pixels (0: it does not). */
  pageScroll: number;
  /** Elements whose right edge passes the viewport, outside any scroll or clip container. */
  sticking: string[];
  /** Text fields under 16 px, which iOS zooms into. */
  smallInputs: string[];
}

/** Measures horizontal overflow of the page as a person would notice it on a phone. */
export function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    // The page's own wrappers never count as a scroll container: clipping the whole page there would
    // hide content instead of fitting it.
    const wrapper = (el: Element) => el.matches('#root, .app-root, .layout, main#main');
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body && p !== root; p = p.parentElement) {
        if (!wrapper(p) && getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls} right=${Math.round(el.getBoundingClientRect().right)} "${text}"`;
    };
    const sticking: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || rect.right <= width + 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'contents') continue;
      // Screen-reader-only text is clipped to 1 px; the overflow it could cause is measured by pageScroll.
      if (el.classList.contains('visually-hidden') || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      if (clipped(el)) continue;
      sticking.push(describe(el));
    }
    // iOS zooms the page into a field whose text is under 16 px (and leaves it zoomed).
    const smallInputs = Array.from(document.querySelectorAll('input:not([type=checkbox]):not([type=radio]):not([type=hidden]), select, textarea'))
      .filter((el) => el.getBoundingClientRect().width > 1 && Number.parseFloat(getComputedStyle(el).fontSize) < 16)
      .map(describe);
    return { pageScroll: root.scrollWidth - root.clientWidth, sticking: sticking.slice(0, 5), smallInputs: smallInputs.slice(0, 5) };
  });
}

/**
 * What is wrong with the app shell's tab bar, if the page has one: a label on two lines or cut short,
 * and, scrolled to the very bottom, a control of the page that ends under the bar (the page's bottom
 * padding must clear the bar's real height). Leaves the page scrolled to the top.
 */
export function measureTabBar(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const bar = document.querySelector('[data-testid="tabbar"]');
    if (!bar) return [];
    const problems: string[] = [];
    for (const label of Array.from(bar.querySelectorAll('button > :last-child'))) {
      const range = document.createRange();
      range.selectNodeContents(label);
      const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      if (lines > 1) problems.push(`tab "${label.textContent}" takes ${lines} lines`);
      if (label.scrollWidth > label.clientWidth + 1) problems.push(`tab "${label.textContent}" is cut: ${label.scrollWidth}px in ${label.clientWidth}px`);
    }
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTop = root.scrollHeight;
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    const top = bar.getBoundingClientRect().top;
    const main = document.querySelector('main#main')!;
    // Only what scrolls with the page: not fixed or sticky layers, not the inside of a scroll box.
    const withPage = (el: Element) => {
      for (let p: Element | null = el; p && p !== main; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.position === 'fixed' || style.position === 'sticky' || (p !== el && style.overflowY !== 'visible')) return false;
      }
      return true;
    };
    for (const el of Array.from(main.querySelectorAll('button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(el).visibility === 'hidden' || !withPage(el)) continue;
      if (rect.bottom > top + 0.5) problems.push(`the tab bar (top ${Math.round(top)}) covers ${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" (bottom ${Math.round(rect.bottom)})`);
    }
    root.scrollTop = 0;
    return problems;
  });
}

/**
 * Counts the page's API fetches in flight, from the page itself: a fetch counts until its body has
 * arrived or it failed. (Playwright's network events missed the end of a request now and then, which
 * left a test waiting for an answer the page already had.)
 */
export async function trackContext(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __apiInflight: number };
    w.__apiInflight = 0;
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!/\/api\//.test(url) || /\/api\/events/.test(url)) return answer;
      w.__apiInflight += 1;
      void answer
        .then((res) => res.clone().arrayBuffer())
        .catch(() => undefined)
        .finally(() => (w.__apiInflight -= 1));
      return answer;
    };
  });
}

/** Waits until the page has no API request in flight (its data is on screen). */
export async function settled(page: Page): Promise<void> {
  // A frame first: the page's effects have started their requests by then.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
  await until(() => page.evaluate(() => (window as unknown as { __apiInflight?: number }).__apiInflight), (n) => n === 0, `API requests of ${page.url()} to finish`);
  // A part rendered after the first frame (the issue page's sections) says it is coming: aria-busy.
  await until(() => page.evaluate(() => document.querySelectorAll('main [aria-busy="true"]:not(button)').length), (n) => n === 0, `${page.url()} to finish rendering`);
  // One frame, so what the answers rendered is laid out before it is measured.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
}

/**
 * Opens `url` in the app: a full load the first time, then the app's own navigation (history plus
 * popstate, which the router follows), as a person moves through it: no bundle reload per route.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  if (!/^https?:/.test(page.url())) {
    await page.goto(url, { waitUntil: 'commit' });
    return;
  }
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}
