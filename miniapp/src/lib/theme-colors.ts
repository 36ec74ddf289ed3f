// Spec §9 names the theme colours by palette (primary green, neutral slate…). They become CSS
// variables --color-<role> (solid), -soft (a tint for backgrounds), -text (the role as text, 4.5:1 on
// every background of the current theme) and -on (text on the solid colour): for the web's two
// palettes at build time (build/web-role-colors.ts), inside Telegram whenever the client's theme
// changes. Inside Telegram the roles Telegram's theme names take the client's colours (primary: button, secondary/info: accent text, error: destructive text, neutral: hint), so the
// mini app shows no colour of its own there beyond success and warning.
import { THEME_COLORS } from '@tracker/shared/limits';
import { isDarkColor, mix, readableOn, textOn } from './readable-color.ts';
import type { ThemeColors } from './theme-watch.ts';

const PALETTE = {
  green: { solid: '#15803d', soft: '#dcfce7', text: '#166534', textDark: '#86efac' },
  blue: { solid: '#1d4ed8', soft: '#dbeafe', text: '#1e40af', textDark: '#93c5fd' },
  slate: { solid: '#475569', soft: '#f1f5f9', text: '#334155', textDark: '#cbd5e1' },
  red: { solid: '#b91c1c', soft: '#fee2e2', text: '#991b1b', textDark: '#fca5a5' },
  yellow: { solid: '#a16207', soft: '#fef9c3', text: '#854d0e', textDark: '#fde047' },
} as const;

type Role = keyof typeof THEME_COLORS;

export const THEME_HEX = Object.fromEntries(
  Object.entries(THEME_COLORS).map(([role, palette]) => [role, PALETTE[palette].solid]),
) as Record<Role, string>;

const TELEGRAM_ROLE: Partial<Record<Role, keyof ThemeColors>> = {
  primary: 'button',
  secondary: 'accent',
  info: 'accent',
  error: 'destructive',
  neutral: 'textMuted',
};

/** `--color-primary: …; --color-primary-soft: …` for every role of spec §9, for this theme. */
export function themeCssVariables(theme: ThemeColors, telegram: boolean): Record<string, string> {
  const dark = isDarkColor(theme.bg);
  const vars: Record<string, string> = {};
  for (const [role, palette] of Object.entries(THEME_COLORS) as [Role, keyof typeof PALETTE][]) {
    const shades = PALETTE[palette];
    const own = TELEGRAM_ROLE[role];
    const solid = telegram && own ? theme[own] : shades.solid;
    const soft = !telegram && !dark ? shades.soft : mix(solid, theme.surface, 0.18);
    const text = readableOn(telegram ? solid : dark ? shades.textDark : shades.text, [theme.bg, theme.bgSoft, theme.surface, soft]);
    vars[`--color-${role}`] = solid;
    vars[`--color-${role}-soft`] = soft;
    vars[`--color-${role}-text`] = text;
    // Older rules pick this one under html.dark; the value above already suits the current theme.
    vars[`--color-${role}-text-dark`] = text;
    vars[`--color-${role}-on`] = textOn(solid, role === 'primary' ? [theme.buttonText, theme.bg, theme.text] : [theme.bg, theme.text]);
  }
  if (telegram) Object.assign(vars, readableTelegramColors(theme));
  return vars;
}

/**
 * Telegram's own foreground colours often read below 4.5:1 (iOS's hint grey and link blue on white,
 * white on its button blue): base.css shows these versions instead, each moved just far enough to
 * read on every background it sits on (the page, secondary and section backgrounds, the tab bar).
 */
export function readableTelegramColors(theme: ThemeColors): Record<string, string> {
  const on = [theme.bg, theme.bgSoft, theme.surface, theme.bottomBarBg];
  return {
    '--readable-text-muted': readableOn(theme.textMuted, on),
    '--readable-subtitle': readableOn(theme.subtitle, on),
    '--readable-link': readableOn(theme.link, on),
    '--readable-accent': readableOn(theme.accent, on),
    '--readable-destructive': readableOn(theme.destructive, on),
    // The button keeps its text colour; its fill darkens (or lightens) under it.
    '--readable-button': readableOn(theme.button, [theme.buttonText]),
  };
}

/** Writes Telegram's role variables onto the root element (the web's are static CSS: build/web-role-colors.ts). */
export function applyTelegramColors(root: HTMLElement, theme: ThemeColors): void {
  for (const [name, value] of Object.entries(themeCssVariables(theme, true))) root.style.setProperty(name, value);
}
