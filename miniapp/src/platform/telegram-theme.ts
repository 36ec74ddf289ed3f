// Telegram paints its own chrome around the app (header, the area behind the page, the bottom bar
// under the Main/Secondary buttons): give it the colours the page shows, at start and again after
// every live theme change. Colours go as #rrggbb, the only form clients accept; each call goes
// through ifAvailable (the RGB header needs Bot API 6.9, the bottom bar 7.10).
import { miniApp } from '@telegram-apps/sdk-react';
import { log } from '../lib/logger.ts';
import { applyTelegramColors } from '../lib/theme-colors.ts';
import { onThemeColors, type ThemeColors } from '../lib/theme-watch.ts';

type Hex = `#${string}`;

/** What the client is asked to paint for a theme: the page's own --header-bg, --bg, --bottom-bar-bg. */
export function telegramChrome(theme: ThemeColors): { header: Hex; background: Hex; bottomBar: Hex } {
  return { header: theme.headerBg as Hex, background: theme.bg as Hex, bottomBar: theme.bottomBarBg as Hex };
}

function paint(theme: ThemeColors) {
  const { header, background, bottomBar } = telegramChrome(theme);
  // Clients before 6.9 take only a colour key (ifAvailable checks the method, not its parameters):
  // the page's background is the nearest.
  safe('header', () => miniApp.setHeaderColor.ifAvailable(miniApp.setHeaderColor.supports.rgb() ? header : 'bg_color'));
  safe('background', () => miniApp.setBackgroundColor.ifAvailable(background));
  safe('bottom bar', () => miniApp.setBottomBarColor.ifAvailable(bottomBar));
}

function safe(what: string, call: () => unknown) {
  try {
    call();
  } catch (err) {
    log.warn(`telegram: setting the ${what} colour failed`, err);
  }
}

/**
 * Keeps the role colours (spec §9) and Telegram's header, background and bottom-bar colours on the
 * client's theme. Outside Telegram the role colours are static CSS (build/web-role-colors.ts).
 */
export function followTelegramTheme(): () => void {
  return onThemeColors((theme) => {
    // Until platform/index.ts marks the page as Telegram's, the variables still hold the web palette.
    if (document.documentElement.dataset.platform !== 'telegram') return;
    applyTelegramColors(document.documentElement, theme);
    paint(theme);
  });
}
