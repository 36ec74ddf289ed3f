// One interface over Telegram and the standalone web. Inside Telegram the SDK chunk is loaded and
// initialised (theme, viewport, buttons); outside it nothing of the SDK runs.
import { proxy, ref } from 'valtio';
import { log } from '../lib/logger.ts';
import { detectPlatform, type PlatformKind } from './detect.ts';
import { startFullscreen } from './fullscreen.ts';
import type { TelegramApi } from './telegram.ts';

export type { PlatformKind } from './detect.ts';
export type { TelegramApi } from './telegram.ts';

export const platform = proxy({
  kind: 'web' as PlatformKind,
  detected: false,
  /** Telegram's theme (light/dark) while inside Telegram; null: the app's own colour mode. */
  appearance: null as 'light' | 'dark' | null,
  uiPlatform: 'base' as 'ios' | 'base',
  /** The SDK wrapper, inside Telegram only. */
  tg: null as TelegramApi | null,
});

export async function initPlatform(): Promise<PlatformKind> {
  let kind = await detectPlatform();
  if (kind === 'telegram') {
    try {
      const { initTelegram } = await import('./telegram.ts');
      const tg = initTelegram();
      platform.tg = ref(tg);
      platform.uiPlatform = tg.uiPlatform;
      const follow = () => (platform.appearance = tg.isDark() ? 'dark' : 'light');
      follow();
      tg.onThemeChange(follow);
      void import('./telegram-theme.ts').then((m) => m.followTelegramTheme(), (err: unknown) => log.warn('telegram: theme colours', err));
      void startFullscreen();
    } catch (err) {
      log.warn('telegram: SDK did not start', err);
      kind = 'web';
    }
  }
  platform.kind = kind;
  platform.detected = true;
  document.documentElement.dataset.platform = kind;
  return kind;
}
