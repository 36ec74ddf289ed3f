// The theme's effective colours as the page computes them (base.css resolves them from the web
// palette or Telegram's --tg-theme-* variables), kept current: the colour mode toggles a class on
// <html>, the SDK rewrites the --tg-theme-* inline properties on a live theme_changed, and
// platform/index.ts sets data-platform. Whatever changes, readers are told once the values differ.
import { useSyncExternalStore } from 'react';
import { readableOn, toHex } from './readable-color.ts';

export interface ThemeColors {
  bg: string;
  bgSoft: string;
  surface: string;
  text: string;
  textMuted: string;
  subtitle: string;
  link: string;
  accent: string;
  button: string;
  buttonText: string;
  destructive: string;
  /** Telegram's header and bottom-bar colours (the theme's own, for the client's chrome). */
  headerBg: string;
  bottomBarBg: string;
}

// Foreground colours are read as the theme gives them (--tg-theme-*: Telegram's own inside Telegram,
// the web palette's outside), not as shown: inside Telegram the shown ones are the readable versions
// computed from these (theme-colors.ts), and reading them back would keep a stale one on a change.
const VARS: Record<keyof ThemeColors, string> = {
  bg: '--bg',
  bgSoft: '--bg-soft',
  surface: '--surface',
  text: '--text',
  textMuted: '--tg-theme-hint-color',
  subtitle: '--tg-theme-subtitle-text-color',
  link: '--tg-theme-link-color',
  accent: '--tg-theme-accent-text-color',
  button: '--tg-theme-button-color',
  buttonText: '--button-text',
  destructive: '--tg-theme-destructive-text-color',
  headerBg: '--header-bg',
  bottomBarBg: '--bottom-bar-bg',
};

/** Reads the variables off an element's computed style; unreadable values fall back to the page's own. */
export function readThemeColors(style: Pick<CSSStyleDeclaration, 'getPropertyValue'>): ThemeColors {
  const get = (name: string) => toHex(style.getPropertyValue(name));
  const bg = get(VARS.bg) ?? '#ffffff';
  const text = get(VARS.text) ?? (bg === '#ffffff' ? '#000000' : '#ffffff');
  const out = { bg, text } as ThemeColors;
  for (const key of Object.keys(VARS) as (keyof ThemeColors)[]) {
    if (key === 'bg' || key === 'text') continue;
    out[key] = get(VARS[key]) ?? (key === 'buttonText' ? bg : key.startsWith('bg') || key === 'surface' || key.endsWith('Bg') ? bg : text);
  }
  return out;
}

let current: ThemeColors | null = null;
let currentKey = '';
let inputs = '';

const TG_KEYS = ['bg', 'secondary-bg', 'section-bg', 'header-bg', 'bottom-bar-bg', 'text', 'hint', 'subtitle-text', 'link', 'accent-text', 'button', 'button-text', 'destructive-text', 'section-separator'];

/** What the theme depends on, cheap to read: <html>'s classes, platform and Telegram's inline colours. */
function themeInputs(root: HTMLElement): string {
  return [root.className, root.dataset.platform ?? '', ...TG_KEYS.map((k) => root.style.getPropertyValue(`--tg-theme-${k}-color`))].join('|');
}
const listeners = new Set<(t: ThemeColors) => void>();
let observing = false;

function refresh(force = false) {
  const root = document.documentElement;
  // Other inline properties of <html> (the viewport's height while the keyboard moves) change often:
  // compute styles only when something the theme depends on changed.
  const nextInputs = themeInputs(root);
  if (current && !force && nextInputs === inputs) return;
  inputs = nextInputs;
  const next = readThemeColors(getComputedStyle(root));
  // The platform is part of the key: role colours differ inside Telegram even on equal backgrounds.
  const nextKey = `${root.dataset.platform ?? ''}:${Object.values(next).join()}`;
  if (current && currentKey === nextKey) return;
  current = next;
  currentKey = nextKey;
  for (const fn of listeners) fn(next);
}

/** Starts following the page's theme (once); `fn` runs now and on every change. */
export function onThemeColors(fn: (t: ThemeColors) => void): () => void {
  listeners.add(fn);
  if (!observing && typeof MutationObserver !== 'undefined') {
    observing = true;
    new MutationObserver(() => refresh()).observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style', 'data-platform'] });
    window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => refresh(true));
  }
  if (!current) refresh();
  if (current) fn(current);
  return () => listeners.delete(fn);
}

export function themeColors(): ThemeColors {
  if (!current) refresh();
  return current!;
}

const subscribe = (notify: () => void) => onThemeColors(notify);

/** The current theme colours; the component re-renders when the theme changes. */
export function useThemeColors(): ThemeColors {
  return useSyncExternalStore(subscribe, themeColors);
}

const caches = new WeakMap<ThemeColors, Map<string, string>>();

/** A user-chosen colour (status, label, project) adjusted to 4.5:1 on the page's backgrounds. */
export function readableColor(color: string, theme: ThemeColors = themeColors()): string {
  let cache = caches.get(theme);
  if (!cache) caches.set(theme, (cache = new Map()));
  let out = cache.get(color);
  if (out === undefined) cache.set(color, (out = readableOn(color, [theme.bg, theme.bgSoft, theme.surface])));
  return out;
}

/** `readableColor` bound to the current theme; components re-render when the theme changes. */
export function useReadableColor(): (color: string) => string {
  const theme = useThemeColors();
  return (color) => readableColor(color, theme);
}
