import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEMES } from '../../../e2e/telegram-themes.ts';
import { contrast, MIN_CONTRAST, readableOn, textOn } from './readable-color.ts';
import { readableTelegramColors, themeCssVariables } from './theme-colors.ts';
import { readThemeColors, type ThemeColors } from './theme-watch.ts';
import { webRoleCss, webTheme as webThemeOf } from '../../build/web-role-colors.ts';

const BASE_CSS = readFileSync(new URL('../styles/base.css', import.meta.url), 'utf8');
const webTheme = (dark: boolean) => webThemeOf(BASE_CSS, dark);

function telegramTheme(p: Record<string, string>): ThemeColors {
  const map: Record<string, string | undefined> = { '--bg': p.bg_color, '--bg-soft': p.secondary_bg_color, '--surface': p.section_bg_color, '--text': p.text_color, '--tg-theme-hint-color': p.hint_color, '--tg-theme-subtitle-text-color': p.subtitle_text_color, '--tg-theme-link-color': p.link_color, '--tg-theme-accent-text-color': p.accent_text_color, '--tg-theme-button-color': p.button_color, '--button-text': p.button_text_color, '--tg-theme-destructive-text-color': p.destructive_text_color, '--header-bg': p.header_bg_color, '--bottom-bar-bg': p.bottom_bar_bg_color };
  return readThemeColors({ getPropertyValue: (n) => map[n] ?? '' });
}

const cases: [string, ThemeColors, boolean][] = [
  ['web light', webTheme(false), false],
  ['web dark', webTheme(true), false],
  ...Object.entries(THEMES).flatMap(([client, themes]) => Object.entries(themes).map(([name, p]) => [`${client} ${name}`, telegramTheme(p), true] as [string, ThemeColors, boolean])),
];

// Colours users pick (the project, status and label palettes of the forms) and a few awkward ones.
const USER_COLORS = ['#3b82f6', '#22c55e', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#64748b', '#94a3b8', '#ca8a04', '#ffff00', '#ffffff', '#000000', '#0d1218'];

describe('readableOn', () => {
  it('returns a colour that already reads unchanged', () => {
    expect(readableOn('#1e40af', ['#ffffff'])).toBe('#1e40af');
  });

  it('moves a light colour darker on a light background and a dark one lighter on a dark background', () => {
    const onWhite = readableOn('#ffff00', ['#ffffff']);
    expect(contrast(onWhite, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrast(onWhite, '#000000')).toBeLessThan(contrast('#ffff00', '#000000'));
    const onBlack = readableOn('#1e3a8a', ['#000000']);
    expect(contrast(onBlack, '#000000')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // Only as far as needed: close to the threshold, not pure white.
    expect(contrast(onBlack, '#000000')).toBeLessThan(6);
  });

  it('falls back to the better extreme when no colour reaches the contrast on every background', () => {
    expect(readableOn('#808080', ['#000000', '#ffffff'])).toMatch(/^#(000000|ffffff)$/);
  });
});

describe('textOn', () => {
  it('picks the candidate that reads on the fill, or black/white when none does', () => {
    expect(textOn('#15803d', ['#0f172a', '#ffffff'])).toBe('#ffffff');
    expect(textOn('#fde047', ['#ffffff'])).toBe('#000000');
  });
});

describe.each(cases)('%s theme', (_name, theme, telegram) => {
  const backgrounds = [theme.bg, theme.bgSoft, theme.surface];

  it('keeps every user colour at 4.5:1 on bg, secondary bg and section bg', () => {
    for (const c of USER_COLORS) {
      const shown = readableOn(c, backgrounds);
      for (const bg of backgrounds) expect(contrast(shown, bg), `${c} → ${shown} on ${bg}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('gives every spec role a text shade at 4.5:1 on the backgrounds and on its soft tint, and readable text on its solid colour', () => {
    const vars = themeCssVariables(theme, telegram);
    for (const role of ['primary', 'secondary', 'neutral', 'error', 'warning', 'success', 'info']) {
      const text = vars[`--color-${role}-text`]!;
      for (const bg of [...backgrounds, vars[`--color-${role}-soft`]!]) expect(contrast(text, bg), `${role} text ${text} on ${bg}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrast(vars[`--color-${role}-on`]!, vars[`--color-${role}`]!), `${role} on`).toBeGreaterThanOrEqual(telegram ? 3 : MIN_CONTRAST);
    }
  });

  if (telegram) {
    it("shows Telegram's hint, subtitle, link, accent and destructive colours at 4.5:1 on every background, and the button's text at 4.5:1 on its fill", () => {
      const vars = readableTelegramColors(theme);
      for (const name of ['--readable-text-muted', '--readable-subtitle', '--readable-link', '--readable-accent', '--readable-destructive']) {
        for (const bg of [...backgrounds, theme.bottomBarBg]) expect(contrast(vars[name]!, bg), `${name} ${vars[name]} on ${bg}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
      expect(contrast(theme.buttonText, vars['--readable-button']!)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    });

    it("takes the roles Telegram names from the client's theme", () => {
      const vars = themeCssVariables(theme, true);
      expect(vars['--color-primary']).toBe(theme.button);
      expect(vars['--color-error']).toBe(theme.destructive);
      expect(vars['--color-info']).toBe(theme.accent);
    });
  }
});

describe("the web's role colours (static CSS, build/web-role-colors.ts)", () => {
  it('declares each web palette’s role variables under its own selector', () => {
    const css = webRoleCss(BASE_CSS);
    for (const [selector, dark] of [[':root', false], ['html.dark', true]] as const) {
      const start = css.indexOf(`${selector} {`);
      const block = css.slice(start, css.indexOf('}', start));
      for (const [name, value] of Object.entries(themeCssVariables(webTheme(dark), false))) expect(block, selector).toContain(`${name}: ${value};`);
    }
    expect(webTheme(true).bg).not.toBe(webTheme(false).bg);
  });
});
