// A Telegram client imitated over the real bridge protocol (TOOLING.md): launch parameters in the
// address fragment, the app's calls arriving at `window.TelegramWebviewProxy.postEvent(type, json)`,
// Telegram's answers and events delivered through `window.Telegram.WebView.receiveEvent(type, data)`.
// Like a real client it validates what it is asked: a method newer than the launch's version, a
// payload that is not a JSON string, a bad colour or button text are recorded as violations, which
// every test asserts empty. No SDK mock is involved.
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { signInitData, uniqueTelegramId, type TestTelegramUser } from '../server/src/test/telegram-signer.ts';
import { newContext } from './browser.ts';
import { THEMES, type ThemeParams, type TgPlatform, type TgThemeName } from './telegram-themes.ts';

export { THEMES, type ThemeParams, type TgPlatform, type TgThemeName } from './telegram-themes.ts';

/** The Bot API version that introduced each method the app may call (Telegram's changelog). */
export const METHOD_SINCE: Record<string, string> = {
  // Telegram Web's frame messages; native clients accept and ignore them.
  iframe_ready: '6.0',
  iframe_will_reload: '6.0',
  web_app_ready: '6.0',
  web_app_expand: '6.0',
  web_app_close: '6.0',
  web_app_request_theme: '6.0',
  web_app_request_viewport: '6.0',
  web_app_setup_main_button: '6.0',
  web_app_data_send: '6.0',
  web_app_open_link: '6.0',
  web_app_setup_back_button: '6.1',
  web_app_trigger_haptic_feedback: '6.1',
  web_app_open_tg_link: '6.1',
  web_app_set_header_color: '6.1',
  web_app_set_background_color: '6.1',
  web_app_open_invoice: '6.1',
  web_app_open_popup: '6.2',
  web_app_setup_closing_behavior: '6.2',
  web_app_request_phone: '6.9',
  web_app_request_write_access: '6.9',
  web_app_invoke_custom_method: '6.9',
  web_app_read_text_from_clipboard: '6.4',
  web_app_open_scan_qr_popup: '6.4',
  web_app_close_scan_qr_popup: '6.4',
  web_app_setup_settings_button: '6.10',
  web_app_setup_swipe_behavior: '7.7',
  web_app_setup_secondary_button: '7.10',
  web_app_set_bottom_bar_color: '7.10',
  web_app_request_safe_area: '8.0',
  web_app_request_content_safe_area: '8.0',
  web_app_request_fullscreen: '8.0',
  web_app_send_prepared_message: '8.0',
  web_app_exit_fullscreen: '8.0',
  web_app_toggle_orientation_lock: '8.0',
  web_app_add_to_home_screen: '8.0',
  web_app_check_home_screen: '8.0',
  web_app_request_file_download: '8.0',
  web_app_hide_keyboard: '9.1',
};

export interface ClientOptions {
  platform?: TgPlatform;
  theme?: TgThemeName;
  /** Bot API version the client reports (`tgWebAppVersion`); older clients lack newer methods. */
  version?: string;
  /** Viewport the client gives the app. */
  viewport?: { width: number; height: number };
  /** Insets the client reports for `web_app_request_safe_area` / `_content_safe_area`. */
  safeArea?: { top: number; bottom: number; left: number; right: number };
  contentSafeArea?: { top: number; bottom: number; left: number; right: number };
  /** The button id a popup is answered with (null: dismissed); default: the first button. */
  popupAnswer?: 'first' | 'last' | null;
  /** The browser's own language (must never decide inside Telegram). */
  browserLocale?: string;
  /** Theme parameters instead of THEMES[platform][theme] (e.g. an older client's fewer keys). */
  themeParams?: ThemeParams;
  /** What `web_app_check_home_screen` answers (Bot API 8.0); default: `unknown`, as a client that cannot tell. */
  homeScreen?: 'unsupported' | 'unknown' | 'added' | 'missed';
}

export interface TgCall {
  method: string;
  params: unknown;
}

interface ClientState {
  calls: TgCall[];
  violations: string[];
}

/** A browser context that behaves as the chosen Telegram client for every page it opens. */
export async function telegramClient(browser: Browser, options: ClientOptions = {}): Promise<BrowserContext> {
  const platform = options.platform ?? 'android';
  const viewport = options.viewport ?? { width: 390, height: 760 };
  const context = await newContext(browser, {
    viewport,
    locale: options.browserLocale ?? 'en-US',
    isMobile: platform !== 'tdesktop',
    hasTouch: platform !== 'tdesktop',
    deviceScaleFactor: 1,
  });
  await context.addInitScript(clientScript, {
    theme: options.themeParams ?? THEMES[platform][options.theme ?? 'dark'],
    version: options.version ?? '8.0',
    since: METHOD_SINCE,
    safeArea: options.safeArea ?? (platform === 'ios' ? { top: 47, bottom: 34, left: 0, right: 0 } : { top: 0, bottom: 0, left: 0, right: 0 }),
    contentSafeArea: options.contentSafeArea ?? { top: 0, bottom: 0, left: 0, right: 0 },
    popupAnswer: options.popupAnswer === undefined ? 'first' : options.popupAnswer,
    homeScreen: options.homeScreen ?? 'unknown',
  });
  return context;
}

/** Runs in the page before any of its scripts: the client's side of the bridge. */
function clientScript(cfg: { theme: Record<string, string>; version: string; since: Record<string, string>; safeArea: Record<string, number>; contentSafeArea: Record<string, number>; popupAnswer: 'first' | 'last' | null; homeScreen: string }) {
  const state: ClientState & { theme: Record<string, string>; fullscreen: boolean; popupAnswer?: 'first' | 'last' | null } = { calls: [], violations: [], theme: cfg.theme, fullscreen: false };
  (window as unknown as { __tg: typeof state }).__tg = state;
  const newer = (a: string, b: string) => {
    const x = a.split('.').map(Number);
    const y = b.split('.').map(Number);
    for (let i = 0; i < Math.max(x.length, y.length); i += 1) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
    return false;
  };
  const isColor = (v: unknown) => typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v);
  const send = (type: string, data?: unknown) =>
    // A real client answers asynchronously, after the call has returned.
    queueMicrotask(() => {
      const receive = (window as unknown as { Telegram?: { WebView?: { receiveEvent?: (t: string, d?: unknown) => void } } }).Telegram?.WebView?.receiveEvent;
      if (receive) receive(type, data);
      else state.violations.push(`answer to the app's call dropped: no Telegram.WebView.receiveEvent for ${type}`);
    });
  const checkButton = (method: string, p: Record<string, unknown>) => {
    if (p.is_visible && (typeof p.text !== 'string' || p.text.trim().length === 0 || p.text.length > 64)) state.violations.push(`${method}: a visible button needs text of 1–64 characters, got ${JSON.stringify(p.text)}`);
    for (const k of ['color', 'text_color']) if (p[k] !== undefined && !isColor(p[k])) state.violations.push(`${method}: ${k} must be #RRGGBB, got ${JSON.stringify(p[k])}`);
  };
  const checks: Record<string, (p: Record<string, unknown>) => void> = {
    web_app_setup_main_button: (p) => checkButton('web_app_setup_main_button', p),
    web_app_setup_secondary_button: (p) => {
      checkButton('web_app_setup_secondary_button', p);
      if (p.position !== undefined && !['left', 'right', 'top', 'bottom'].includes(String(p.position))) state.violations.push(`web_app_setup_secondary_button: bad position ${String(p.position)}`);
    },
    web_app_set_header_color: (p) => {
      if (p.color_key === undefined && !isColor(p.color)) state.violations.push(`web_app_set_header_color: needs color_key or #RRGGBB color, got ${JSON.stringify(p)}`);
      if (p.color_key !== undefined && !['bg_color', 'secondary_bg_color'].includes(String(p.color_key))) state.violations.push(`web_app_set_header_color: bad color_key ${String(p.color_key)}`);
    },
    web_app_set_background_color: (p) => {
      if (!isColor(p.color)) state.violations.push(`web_app_set_background_color: color must be #RRGGBB, got ${JSON.stringify(p.color)}`);
    },
    web_app_set_bottom_bar_color: (p) => {
      if (!isColor(p.color)) state.violations.push(`web_app_set_bottom_bar_color: color must be #RRGGBB, got ${JSON.stringify(p.color)}`);
    },
    web_app_open_popup: (p) => {
      const buttons = Array.isArray(p.buttons) ? (p.buttons as Record<string, unknown>[]) : [];
      if (typeof p.message !== 'string' || p.message.length < 1 || p.message.length > 256) state.violations.push('web_app_open_popup: message must be 1–256 characters');
      if (p.title !== undefined && (typeof p.title !== 'string' || p.title.length > 64)) state.violations.push('web_app_open_popup: title over 64 characters');
      if (buttons.length < 1 || buttons.length > 3) state.violations.push(`web_app_open_popup: 1–3 buttons, got ${buttons.length}`);
      for (const b of buttons) {
        const type = String(b.type ?? 'default');
        if (!['default', 'ok', 'close', 'cancel', 'destructive'].includes(type)) state.violations.push(`web_app_open_popup: bad button type ${type}`);
        if (['default', 'destructive'].includes(type) && (typeof b.text !== 'string' || b.text.length < 1 || b.text.length > 64)) state.violations.push('web_app_open_popup: button text must be 1–64 characters');
        if (typeof b.id === 'string' && b.id.length > 64) state.violations.push('web_app_open_popup: button id over 64 characters');
      }
    },
    web_app_request_file_download: (p) => {
      if (typeof p.url !== 'string' || !/^https?:\/\//.test(p.url)) state.violations.push(`web_app_request_file_download: url must be absolute, got ${JSON.stringify(p.url)}`);
      if (typeof p.file_name !== 'string' || p.file_name.length === 0) state.violations.push('web_app_request_file_download: file_name is required');
    },
    web_app_trigger_haptic_feedback: (p) => {
      const ok = (p.type === 'impact' && ['light', 'medium', 'heavy', 'rigid', 'soft'].includes(String(p.impact_style))) || (p.type === 'notification' && ['error', 'success', 'warning'].includes(String(p.notification_type))) || p.type === 'selection_change';
      if (!ok) state.violations.push(`web_app_trigger_haptic_feedback: bad params ${JSON.stringify(p)}`);
    },
  };
  const answers: Record<string, (p: Record<string, unknown>) => void> = {
    web_app_request_theme: () => send('theme_changed', { theme_params: state.theme }),
    web_app_request_viewport: () => send('viewport_changed', { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true }),
    web_app_request_safe_area: () => send('safe_area_changed', cfg.safeArea),
    web_app_request_content_safe_area: () => send('content_safe_area_changed', cfg.contentSafeArea),
    web_app_request_fullscreen: () => {
      state.fullscreen = true;
      send('fullscreen_changed', { is_fullscreen: true });
    },
    web_app_exit_fullscreen: () => {
      state.fullscreen = false;
      send('fullscreen_changed', { is_fullscreen: false });
    },
    web_app_check_home_screen: () => send('home_screen_checked', { status: cfg.homeScreen }),
    // The person confirms Telegram's own dialog: the shortcut is added.
    web_app_add_to_home_screen: () => send('home_screen_added', {}),
    // The person picks a chat in Telegram's dialog: the prepared message is sent.
    web_app_send_prepared_message: (p) => {
      if (typeof p.id !== 'string' || !p.id) state.violations.push('web_app_send_prepared_message: id must be a prepared message id');
      send('prepared_message_sent', {});
    },
    // The client asks the user and downloads the file itself; here the user always agrees.
    web_app_request_file_download: () => send('file_download_requested', { status: 'downloading' }),
    web_app_open_popup: (p) => {
      const buttons = Array.isArray(p.buttons) ? (p.buttons as { id?: string }[]) : [];
      const answer = state.popupAnswer === undefined ? cfg.popupAnswer : state.popupAnswer;
      const chosen = answer === null ? undefined : answer === 'last' ? buttons.at(-1) : buttons[0];
      send('popup_closed', chosen?.id !== undefined ? { button_id: chosen.id } : {});
    },
  };
  (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
    postEvent(method: unknown, json: unknown) {
      if (typeof method !== 'string') {
        state.violations.push(`postEvent: method name must be a string, got ${typeof method}`);
        return;
      }
      let params: Record<string, unknown> = {};
      if (json !== undefined && json !== null) {
        if (typeof json !== 'string') state.violations.push(`${method}: payload must be a JSON string, got ${typeof json}`);
        else {
          try {
            params = (JSON.parse(json) as Record<string, unknown> | null) ?? {};
          } catch {
            state.violations.push(`${method}: payload is not JSON`);
          }
        }
      }
      state.calls.push({ method, params });
      const since = cfg.since[method];
      if (!since) state.violations.push(`${method}: not a method this client knows`);
      else if (newer(since, cfg.version)) state.violations.push(`${method}: needs Bot API ${since}, the client has ${cfg.version}`);
      else {
        checks[method]?.(params);
        answers[method]?.(params);
      }
    },
  };
}

export const tgUser = (over: Partial<TestTelegramUser> = {}): TestTelegramUser => ({ id: uniqueTelegramId(), first_name: 'Telegram', last_name: `User${Date.now() % 10000}`, language_code: 'en', ...over });

/** The address a client opens: `path` plus the launch parameters in the fragment. */
export function launchUrl(options: { user?: TestTelegramUser; initData?: string; startParam?: string; platform?: TgPlatform; theme?: TgThemeName; themeParams?: ThemeParams; version?: string; path?: string } = {}): string {
  const platform = options.platform ?? 'android';
  const initData = options.initData ?? signInitData(options.user ?? tgUser(), options.startParam ? { startParam: options.startParam } : {});
  const params = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: options.version ?? '8.0', tgWebAppPlatform: platform, tgWebAppThemeParams: JSON.stringify(options.themeParams ?? THEMES[platform][options.theme ?? 'dark']) });
  if (options.startParam) params.set('tgWebAppStartParam', options.startParam);
  return `${options.path ?? '/'}#${params.toString()}`;
}

type Target = Page | Frame;

/** Every call the app made so far (optionally of one method), in order. */
export function tgCalls(page: Target, method?: string): Promise<TgCall[]> {
  return page.evaluate((m) => (window as unknown as { __tg: ClientState }).__tg.calls.filter((c) => !m || c.method === m), method);
}

/** The params of the app's latest call of `method`, or null. */
export async function tgLast<T = Record<string, unknown>>(page: Target, method: string): Promise<T | null> {
  return ((await tgCalls(page, method)).at(-1)?.params as T | undefined) ?? null;
}

/** What the client refused so far (the app called something it must not). */
export function tgViolations(page: Target): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __tg: ClientState }).__tg.violations);
}

/** How the user answers the next popups from now on (overrides the client's `popupAnswer`). */
export function tgPopupAnswer(page: Target, answer: 'first' | 'last' | null): Promise<void> {
  return page.evaluate((a) => void ((window as unknown as { __tg: { popupAnswer?: unknown } }).__tg.popupAnswer = a), answer);
}

/** Telegram sends an event to the app, as clients do: `Telegram.WebView.receiveEvent`. */
export function tgSend(page: Target, event: string, data?: unknown): Promise<void> {
  return page.evaluate(([e, d]) => (window as unknown as { Telegram: { WebView: { receiveEvent(t: string, x?: unknown): void } } }).Telegram.WebView.receiveEvent(e as string, d), [event, data] as const);
}

/** The user switches Telegram's theme while the app is open. */
export async function tgSwitchTheme(page: Target, platform: TgPlatform, theme: TgThemeName): Promise<void> {
  const params = THEMES[platform][theme];
  await page.evaluate((p) => ((window as unknown as { __tg: { theme: unknown } }).__tg.theme = p), params);
  await tgSend(page, 'theme_changed', { theme_params: params });
}

/** The effective background colour a person sees behind the page (first opaque layer from the body up). */
export function visibleBackground(page: Target, selector = 'body'): Promise<string> {
  return page.evaluate((sel) => {
    let el: Element | null = document.querySelector(sel);
    while (el) {
      const bg = getComputedStyle(el).backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
      el = el.parentElement;
    }
    return 'rgb(255, 255, 255)';
  }, selector);
}

/** `#rrggbb` (or `#rgb`, as a minified stylesheet keeps it) → `rgb(r, g, b)`, the form getComputedStyle reports. */
export function rgb(hex: string): string {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  const n = Number.parseInt(digits, 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** A CSS custom property's value on the root element, as the page computes it. */
export function cssVar(page: Target, name: string): Promise<string> {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
}
