// Playwright on Debian's chromium (never a downloaded browser).
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { chromium, type Browser, type BrowserContext, type Download, type Frame, type Locator, type Page } from 'playwright-core';
import { inject, vi } from 'vitest';
import { E2E_PASSWORD } from './global-setup.ts';

/**
 * The run's one Chromium (started by the global setup), connected to over its WebSocket: a file
 * gets its own connection, and closing it closes that file's contexts, not the browser. Launching a
 * browser per file cost about a second each, on both cores.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

export const baseUrl = () => inject('baseUrl');

/**
 * A browser context on the test server. Service workers are off unless a test asks for them
 * (`serviceWorkers: 'allow'`: the PWA, offline and shell tests): every context's worker precached the
 * shell and kept each chunk it loaded, about a sixth of a test's CPU, in tests about something else.
 */
export async function newContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  // No routes here: a context with any route sends every request through Playwright and loses the
  // HTTP cache, so each page load fetched and compiled the whole app again. Telegram's servers are
  // unreachable (the host rules in chromium.ts): the login page's widget script fails to load, which
  // `watchErrors` expects; a spec that needs the widget routes its own fake.
  return browser.newContext({ baseURL: baseUrl(), serviceWorkers: 'block', ...options });
}

/** A download's bytes: over a connected browser the file stays with the browser, so `path()` is not available. */
export const downloadBytes = async (download: Download): Promise<Buffer> => buffer(await download.createReadStream());

/** One API call in a browser context's session; a non-2xx answer fails with its body. */
export async function api<T>(context: BrowserContext, method: 'get' | 'post' | 'put' | 'patch', url: string, data?: unknown): Promise<T> {
  const res = await context.request[method](url, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Random capital letters: e2e files run in parallel, so the time alone can repeat between two of
 * them (and a key made of the time's letters changes only every few seconds).
 */
export function uniqueLetters(length = 8): string {
  return Array.from(randomBytes(length), (b) => String.fromCharCode(65 + (b % 26))).join('');
}

/** A project key (at most 10 capitals) that no other file of the run makes. */
export const uniqueKey = (prefix: string, length = 10) => (prefix + uniqueLetters(length)).slice(0, length);

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${uniqueLetters(6).toLowerCase()}@e2e.test`;
}

/** Registers through the API inside the context, so the context holds the session cookie. */
export async function registerIn(context: BrowserContext, email = uniqueEmail(), name = 'E2E User', password = E2E_PASSWORD): Promise<{ email: string; password: string; id: number }> {
  let res = await context.request.post('/api/auth/register', { data: { email, password, name } });
  if (res.status() === 409) res = await context.request.post('/api/auth/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: number } };
  return { email, password, id: body.user.id };
}

/**
 * Runs `task` for every item on a small pool of pages of one context (opened on first use and kept):
 * page loads overlap the server's and the browser's work without starting a browser per check.
 */
export class PagePool {
  private readonly pages: { page: Page; errors: string[] }[] = [];
  private readonly context: BrowserContext;
  private readonly size: number;
  constructor(context: BrowserContext, size = 3) {
    this.context = context;
    this.size = size;
  }

  /** Console and page errors of every page of the pool so far. */
  errors(): string[] {
    return this.pages.flatMap((p) => p.errors);
  }

  /**
   * Closes the pool's pages. Each open app page holds its live event stream, and Chromium allows six
   * connections per host: pools left open starve later pages' requests.
   */
  async close(): Promise<void> {
    await Promise.all(this.pages.splice(0).map(({ page }) => page.close()));
  }

  async run<T>(items: readonly T[], task: (page: Page, item: T) => Promise<void>): Promise<void> {
    while (this.pages.length < Math.min(this.size, items.length)) {
      const page = await this.context.newPage();
      this.pages.push({ page, errors: watchErrors(page) });
    }
    let next = 0;
    await Promise.all(
      this.pages.map(async ({ page }) => {
        while (next < items.length) await task(page, items[next++]!);
      }),
    );
  }
}

/** Reads until `ok` holds (vitest's own polling), then returns the value; fails after `timeout` saying what. */
export function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeout = 10_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!ok(value)) throw new Error(`still waiting for ${what}: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout, interval: 100 },
  );
}

/** Waits until the page's live event stream is connected (the app marks `<html data-live="open">`). */
export async function waitForLive(page: Page | Frame): Promise<void> {
  await page.locator('html[data-live="open"]').waitFor({ state: 'attached', timeout: 15_000 });
}

/**
 * Chooses `option` in the picker `testid` (components/picker/FieldPicker.tsx), as a person does: opens
 * it (unless open), types `search` when given (people and issues are searched on the server), and
 * clicks the option named `option` (a string is its whole text). A single choice closes the picker;
 * a multiple one stays open for the next (Escape closes it).
 */
export async function pickIn(scope: Page | Frame | Locator, testid: string, option: string | RegExp, search?: string): Promise<void> {
  const panel = scope.getByTestId(`${testid}-panel`);
  if (!(await panel.isVisible())) await scope.getByTestId(testid).click();
  if (search !== undefined) await panel.getByTestId(`${testid}-search`).fill(search);
  await panel.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** The value a picker's button holds (`data-value`: an id, a priority, ids joined by commas). */
export const pickedIn = (scope: Page | Frame | Locator, testid: string) => scope.getByTestId(testid).getAttribute('data-value');

/** Telegram's servers, which tests cannot reach: the Login Widget's script fails to load from there. */
const TELEGRAM_WIDGET_ORIGIN = 'https://telegram.org/';

/** Collects console errors and page errors, to assert a page ran cleanly (Telegram's unreachable widget aside). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() !== 'error' || /Failed to load resource: the server responded with a status of 40[134]/.test(m.text())) return;
    if (m.location().url.startsWith(TELEGRAM_WIDGET_ORIGIN)) return;
    errors.push(m.text());
  });
  return errors;
}
