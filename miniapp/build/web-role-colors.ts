// Spec §9's role colours for the web's light and dark palettes, computed at build time from
// base.css's own palette and appended to it: the web's first load carries no colour maths (colord,
// the theme watcher) and computes nothing at start. Inside Telegram, whose colours arrive at run time,
// platform/telegram-theme.ts computes them and writes them inline over these.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { themeCssVariables } from '../src/lib/theme-colors.ts';
import { readThemeColors, type ThemeColors } from '../src/lib/theme-watch.ts';

// Which --web-* colour each variable the theme is read from resolves to on the web (base.css's chain).
const WEB_NAMES: Record<string, string> = {
  '--bg': 'bg',
  '--bg-soft': 'bg-soft',
  '--surface': 'surface',
  '--text': 'text',
  '--tg-theme-hint-color': 'text-muted',
  '--tg-theme-subtitle-text-color': 'text-muted',
  '--tg-theme-link-color': 'link',
  '--tg-theme-accent-text-color': 'accent',
  '--tg-theme-button-color': 'button',
  '--button-text': 'button-text',
  '--tg-theme-destructive-text-color': 'destructive',
  '--header-bg': 'bg',
  '--bottom-bar-bg': 'bg-soft',
};

/** The web palette as base.css defines it (`:root` light, `html.dark` over it dark). */
export function webTheme(baseCss: string, dark: boolean): ThemeColors {
  const block = (selector: string) => {
    const start = baseCss.indexOf(`${selector} {`);
    return start < 0 ? '' : baseCss.slice(start, baseCss.indexOf('}', start));
  };
  const vars = new Map<string, string>();
  for (const selector of dark ? [':root', 'html.dark'] : [':root']) {
    for (const m of block(selector).matchAll(/(--web-[\w-]+):\s*(#[0-9a-f]{6})/g)) vars.set(m[1]!, m[2]!);
  }
  return readThemeColors({ getPropertyValue: (name) => vars.get(`--web-${WEB_NAMES[name]}`) ?? '' });
}

/** The `--color-<role>…` rules for both web palettes. */
export function webRoleCss(baseCss: string): string {
  const rules = (selector: string, dark: boolean) =>
    `${selector} {\n${Object.entries(themeCssVariables(webTheme(baseCss, dark), false))
      .map(([name, value]) => `  ${name}: ${value};`)
      .join('\n')}\n}\n`;
  return `\n/* Spec §9 role colours of the web palettes above (build/web-role-colors.ts). */\n${rules(':root', false)}${rules('html.dark', true)}`;
}

const ID = 'virtual:web-role-colors.css';
const RESOLVED = `\0${ID}`;

/** `import 'virtual:web-role-colors.css'` (main.tsx): the rules, made from base.css as it is now. */
export function webRoleColors(baseCssFile: string): Plugin {
  return {
    name: 'tracker:web-role-colors',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return;
      this.addWatchFile(baseCssFile);
      return webRoleCss(readFileSync(baseCssFile, 'utf8'));
    },
  };
}
